import { Button, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { getGetLoginLogQueryOptions } from '../../../generated/api/login-log/login-log';
import { useT, type MessageKey } from '../../messages/pageTexts';
import { messageOf } from '../../shared/api/queryClient';
import { toast } from '../../shared/ui/toast';
import { buildLoginCsv, csvFileName, EXPORT_PAGE_SIZE, fetchAllLogins, LOGIN_COLUMNS } from './loginCsv';

/** The table's header of each column, in the same order as LOGIN_COLUMNS. */
export const COLUMN_LABELS: Record<(typeof LOGIN_COLUMNS)[number], MessageKey> = {
  time: 'loginLog.time',
  browser: 'loginLog.browser',
  os: 'loginLog.os',
  ip: 'loginLog.ip',
  district: 'loginLog.district',
  application: 'loginLog.application',
};

/** Hands the file to the browser's download, then lets the object URL go. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download CSV": every login the server has (all pages, not only those on screen), in a
 * file the person can keep. The button says it is busy, a live region says how many logins
 * were saved; a failed page ends the export with a toast and saves nothing.
 */
export function ExportCsv() {
  const t = useT();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const [status, setStatus] = useState('');
  const busy = useRef(false);

  async function download() {
    if (busy.current) return;
    busy.current = true;
    setWorking(true);
    setStatus('');
    try {
      const rows = await fetchAllLogins((afterToken) =>
        queryClient.fetchQuery(
          // Each page asked for afresh; a failure is told once, by this export's own toast.
          getGetLoginLogQueryOptions(
            { num: EXPORT_PAGE_SIZE, ...(afterToken ? { afterToken } : {}) },
            { query: { staleTime: 0, gcTime: 0, meta: { silent: true } } },
          ),
        ),
      );
      const headers = LOGIN_COLUMNS.map((key) => t(COLUMN_LABELS[key]));
      const parts = await buildLoginCsv(rows, headers);
      // The byte-order mark lets spreadsheets read the file as UTF-8 (Chinese headers, districts).
      saveFile(new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' }), csvFileName(new Date()));
      setStatus(t('loginLog.exportDone', { count: rows.length }));
    } catch (error) {
      setStatus('');
      toast.error(t('loginLog.exportFailed', { message: messageOf(error) }));
    } finally {
      busy.current = false;
      setWorking(false);
    }
  }

  return (
    <Group justify="flex-end" gap="sm" mb="sm" wrap="wrap">
      <Text size="sm" c="dimmed" role="status" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
        {status}
      </Text>
      {/* Not disabled while busy: a disabled button would drop the keyboard focus; a second press is ignored. */}
      <Button
        variant="default"
        onClick={() => void download()}
        aria-busy={working}
        leftSection={working ? <Loader size={14} aria-hidden="true" /> : undefined}
      >
        {t('loginLog.export')}
      </Button>
    </Group>
  );
}
