import { FileText, Home, LayoutDashboard, Settings, Wand2, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
  /** A guided stage: shown with its number badge. */
  stage?: number;
}

/**
 * Spec 01 §2 'Navigation chrome', variant C: the welcome page, the five stages, the summary and settings.
 * Account & Billing is not built yet, so it is left out rather than linked to a 404.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Welcome', icon: Home },
  { to: '/stage-1', label: 'Research & Understanding', stage: 1 },
  { to: '/stage-2', label: 'Sustainability', stage: 2 },
  { to: '/stage-3', label: 'Ideation', stage: 3 },
  { to: '/stage-4', label: 'Mechanics', stage: 4 },
  { to: '/stage-5', label: 'Refinement', stage: 5 },
  { to: '/stage-6', label: 'Technical (optional)', stage: 6 },
  { to: '/summary', label: 'Project Summary', icon: FileText },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/generator', label: 'Idea Generator', icon: Wand2 },
  { to: '/settings', label: 'Settings', icon: Settings },
];
