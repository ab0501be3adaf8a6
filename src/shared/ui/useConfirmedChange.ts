import { useRef, useState } from 'react';
import { isDone } from '../api/answers';
import { toast } from './toast';

/**
 * A change made only once the person confirmed it, as every removal and sign-out here is.
 * `asking` is what the question is about (none open: undefined); `confirm` makes the change once
 * and closes the question whatever came of it. The server said it happened (isDone): `done` hears
 * of it; it said no: `refused` is shown; the call failed: the query client has said why (or asked
 * for a recent sign-in). `settled` runs last in every case (the list read again).
 */
export function useConfirmedChange<Target>({
  change,
  done,
  refused,
  settled,
}: {
  change: (target: Target) => Promise<unknown>;
  done: (target: Target) => void;
  refused: (target: Target) => string;
  settled?: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState<Target>();
  const [busy, setBusy] = useState(false);
  // A second click before the first one's render must not send the change twice.
  const sending = useRef(false);
  const confirm = async () => {
    if (asking === undefined || sending.current) return;
    sending.current = true;
    setBusy(true);
    const answer = await change(asking).then(
      (result) => ({ result }),
      () => undefined,
    );
    sending.current = false;
    setBusy(false);
    setAsking(undefined);
    if (answer && isDone(answer.result)) done(asking);
    else if (answer) toast.error(refused(asking));
    await settled?.();
  };
  return { asking, ask: setAsking, cancel: () => setAsking(undefined), confirm: () => void confirm(), busy };
}
