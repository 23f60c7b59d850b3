import { useState } from 'preact/hooks';
import { ApiError, SessionEnded } from './api.ts';

/** The state of a form that calls the API: busy, the API's message and its 422 field messages. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function run(action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    setMessage(undefined);
    setErrors({});
    try {
      await action();
      return true;
    } catch (caught) {
      if (caught instanceof SessionEnded) return false;
      if (caught instanceof ApiError) {
        setErrors(caught.fields);
        setMessage(caught.message);
      } else {
        setMessage(caught instanceof Error ? caught.message : String(caught));
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, message, errors, run, setErrors, setMessage };
}
