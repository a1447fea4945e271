import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Button } from '../../components/Button';
import { useToasts } from '../../components/Toasts';

/**
 * Downloads a report's CSV through the API with the session's token (in the header, never in a
 * link), then hands it to the browser as a file.
 */
export function ExportButton({ path, fileName }: { path: string; fileName: string }) {
  const api = useApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.getBlob(path);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toasts.show({ title: 'The export failed', body: failureText(toFailure(error))?.message ?? '', tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void download()} loading={busy}>
      Export CSV
    </Button>
  );
}
