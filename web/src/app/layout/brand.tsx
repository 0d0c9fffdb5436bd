import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { focusRing } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export const Brand = ({ showName }: { showName: boolean }) => (
  <Link to="/" className={cn('flex items-center gap-2 rounded-lg font-bold tracking-tight', focusRing)} aria-label="Viral Idea Studio home">
    <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white">
      <Sparkles className="size-4" aria-hidden />
    </span>
    {showName && <span className="truncate">Viral Idea Studio</span>}
  </Link>
);
