import { Spinner } from '../components/Spinner';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="centered" style={{ minHeight: '100vh' }}>
      <Spinner large label={label} />
    </div>
  );
}
