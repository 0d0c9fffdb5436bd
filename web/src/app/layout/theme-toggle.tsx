import { Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useTheme } from '../../lib/theme.tsx';

export const ThemeToggle = ({ side = 'right' }: { side?: 'right' | 'bottom' }) => {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip content={label} side={side}>
      <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
        {theme === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
      </Button>
    </Tooltip>
  );
};
