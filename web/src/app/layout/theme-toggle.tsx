import { Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useTheme } from '../../lib/theme.tsx';

export const ThemeToggle = () => {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </Button>
  );
};
