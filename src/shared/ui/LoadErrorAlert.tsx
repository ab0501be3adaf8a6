import { Alert, Button } from '@mantine/core';
import { t } from '../../messages/t';

/** A section whose data could not be loaded: what failed, and a retry. Loaded on first use (see LoadError). */
export default function LoadErrorAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Button mt="sm" variant="default" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </Alert>
  );
}
