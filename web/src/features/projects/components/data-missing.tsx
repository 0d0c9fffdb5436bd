import { ErrorScreen } from '../../../components/error-screen.tsx';

/** Spec 01 §2 and §8: the project could not be loaded. */
export const DataMissing = ({ message = 'Failed to load project' }: { message?: string }) => (
  <ErrorScreen title="Oops! Data Missing">
    <p>{message}</p>
  </ErrorScreen>
);
