import {
  CreditCard,
  ShieldCheck,
  FileText,
  Gamepad2,
  Home,
  LayoutDashboard,
  Settings,
  Sparkles,
  Store,
  Wand2,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
  /** A guided stage: shown with its number badge. */
  stage?: number;
}

/**
 * Spec 01 §2 'Navigation chrome', variant C: the welcome page, the five stages, the summary and settings; then
 * the places the header links to on wide screens (spec 02 §2.2), so the mobile drawer reaches them too.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Welcome', icon: Home },
  { to: '/stage-1', label: 'Research & Understanding', stage: 1 },
  { to: '/stage-2', label: 'Reward & Sustainability', stage: 2 },
  { to: '/stage-3', label: 'Ideation', stage: 3 },
  { to: '/stage-4', label: 'Mechanics', stage: 4 },
  { to: '/stage-5', label: 'Refinement', stage: 5 },
  // Optional, after the five stages the pages count ('Stage n of 5'): an icon, not a sixth number.
  { to: '/stage-6', label: 'Technical (optional)', icon: Wrench },
  { to: '/summary', label: 'Project Summary', icon: FileText },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/generator', label: 'Idea Generator', icon: Wand2 },
  { to: '/game', label: 'Nine-Step Builder', icon: Gamepad2 },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/marketplace', label: 'Marketplace', icon: Store },
  { to: '/subscription', label: 'Subscription', icon: Sparkles },
  { to: '/billing', label: 'Account & Billing', icon: CreditCard },
  { to: '/auth-test', label: 'Auth Test', icon: ShieldCheck },
];
