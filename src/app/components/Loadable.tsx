import type { ReactNode } from 'react';
import { failureText } from '../api/failure-text';
import type { Failure } from '../api/request-failure';
import type { LoadState } from '../hooks/use-load';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

type LoadableProps<T> = {
  state: LoadState<T>;
  /** The spinner's name while loading, e.g. "Loading the report". */
  loading: string;
  /** What a failure says; by default its §8 text. */
  failed?: (failure: Failure) => ReactNode;
  /** Offers "Try again" after the failure's text. */
  retry?: () => void;
  /** Frames the spinner and the failure (not the content, which has its own layout). */
  frame?: (shown: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
};

const sectionText = (failure: Failure) => failureText(failure)?.message ?? '';
const unframed = (shown: ReactNode) => shown;

/** A screen's part that is fetched: a spinner while it loads, an alert when it failed, then the content. */
export function Loadable<T>({ state, loading, failed = sectionText, retry, frame = unframed, children }: LoadableProps<T>) {
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'loading') return frame(<Spinner label={loading} />);
  return frame(
    <Alert tone="error">
      {failed(state.failure)}
      {retry && (
        <>
          {' '}
          <Button size="small" onClick={retry}>
            Try again
          </Button>
        </>
      )}
    </Alert>,
  );
}
