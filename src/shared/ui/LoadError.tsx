import { Alert, Button } from '@mantine/core';
import { useT } from '../../messages/t';

/** A section whose data could not be loaded: what failed, and a retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" title={title}>
      <Button mt="sm" variant="default" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </Alert>
  );
}
