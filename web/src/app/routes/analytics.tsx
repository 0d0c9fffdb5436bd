import { AnalyticsScreen } from '../../features/analytics/components/analytics-screen.tsx';
import { OperatorsOnly } from '../../features/operators/components/operators-only.tsx';

/** /analytics: the operators' figures (OPERATOR_EMAILS); everyone else is told why they cannot see them. */
export const AnalyticsRoute = () => (
  <OperatorsOnly title="Analytics">
    <AnalyticsScreen />
  </OperatorsOnly>
);
