import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LoginLogEntry } from '../../../generated/model';
import type { Language } from '../../messages/language';
import { useT, type MessageKey, useLanguage } from '../../messages/pageTexts';
import { messageOf } from '../../shared/api/queryClient';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ExportCsv } from './ExportCsv';
import { formatLoginTime } from './formatLoginTime';
import { isNearBottom, loginLogQueryOptions } from './loginLogQuery';
import { NotMeLink } from './NotMeLink';
import { SignInPlaces } from './SignInPlaces';

const COLUMNS: Array<{ key: keyof LoginLogEntry; label: MessageKey }> = [
  { key: 'time', label: 'loginLog.time' },
  { key: 'browser', label: 'loginLog.browser' },
  { key: 'os', label: 'loginLog.os' },
  { key: 'ip', label: 'loginLog.ip' },
  { key: 'district', label: 'loginLog.district' },
  { key: 'application', label: 'loginLog.application' },
];

const cell = (entry: LoginLogEntry, key: keyof LoginLogEntry, language: Language) =>
  key === 'time' ? formatLoginTime(entry.time, undefined, language) : entry[key];

/** The rows the virtualizer draws, and the space kept for the ones it does not. */
interface DrawnRows {
  rows: LoginLogEntry[];
  items: VirtualItem[];
  paddingTop: number;
  paddingBottom: number;
  measure: (element: Element | null) => void;
  language: Language;
}

/** Wide screens: a table with one row per login (aria-rowcount tells how many there are in all). */
function LoginTable({ rows, items, paddingTop, paddingBottom, measure, language }: DrawnRows) {
  const t = useT();
  return (
    <Table striped aria-rowcount={rows.length + 1} captionSide="top" data-testid="login-log-table">
      <Table.Caption>{t('loginLog.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr aria-rowindex={1}>
          {COLUMNS.map((column) => (
            <Table.Th key={column.key} scope="col">
              {t(column.label)}
            </Table.Th>
          ))}
          <Table.Th scope="col">{t('loginLog.action')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {paddingTop > 0 && (
          <tr aria-hidden="true">
            <td colSpan={COLUMNS.length + 1} style={{ height: paddingTop, padding: 0, border: 0 }} />
          </tr>
        )}
        {items.map((item) => (
          <Table.Tr key={item.key} data-index={item.index} ref={measure} aria-rowindex={item.index + 2}>
            {COLUMNS.map((column) => (
              <Table.Td key={column.key}>{cell(rows[item.index]!, column.key, language)}</Table.Td>
            ))}
            <Table.Td>
              <NotMeLink entry={rows[item.index]!} language={language} />
            </Table.Td>
          </Table.Tr>
        ))}
        {paddingBottom > 0 && (
          <tr aria-hidden="true">
            <td colSpan={COLUMNS.length + 1} style={{ height: paddingBottom, padding: 0, border: 0 }} />
          </tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: each login a card of label and value pairs. */
function LoginCards({ rows, items, paddingTop, paddingBottom, measure, language }: DrawnRows) {
  const t = useT();
  return (
    <ul aria-label={t('loginLog.caption')} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="login-log-list">
      {paddingTop > 0 && <li aria-hidden="true" style={{ height: paddingTop }} />}
      {items.map((item) => (
        <li key={item.key} data-index={item.index} ref={measure} style={{ paddingBottom: 8 }}>
          <Card withBorder padding="sm">
            <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
              {COLUMNS.map((column) => (
                <div key={column.key} style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {t(column.label)}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {cell(rows[item.index]!, column.key, language)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text mt="xs" size="sm">
              <NotMeLink entry={rows[item.index]!} language={language} />
            </Text>
          </Card>
        </li>
      ))}
      {paddingBottom > 0 && <li aria-hidden="true" style={{ height: paddingBottom }} />}
    </ul>
  );
}

/** The login history, page by page (its type is what the list's helpers below read). */
const useLoginLogQuery = () => useInfiniteQuery(loginLogQueryOptions());
type LoginLogQuery = ReturnType<typeof useLoginLogQuery>;

/**
 * Asks for the next page when the window is scrolled near the bottom, or is not long enough to
 * scroll; not while `enabled` is off ("Where you've signed in" says how much it grouped, and
 * includes more only when asked).
 */
function useLoadMoreNearBottom({ hasNextPage, isFetchingNextPage, isError, fetchNextPage }: LoginLogQuery, rowCount: number, enabled: boolean) {
  const loadMoreIfNearBottom = useCallback(() => {
    if (!enabled || !hasNextPage || isFetchingNextPage || isError) return;
    const page = document.documentElement;
    // The scroll and the after-draw check can both fire before the fetch shows as under way:
    // the second call must not cancel the first and ask for the same page again.
    if (isNearBottom(window.scrollY, window.innerHeight, page.scrollHeight)) void fetchNextPage({ cancelRefetch: false });
  }, [enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  useEffect(() => {
    window.addEventListener('scroll', loadMoreIfNearBottom, { passive: true });
    // A page shorter than the window never scrolls: check once the rows are drawn too.
    const frame = requestAnimationFrame(loadMoreIfNearBottom);
    return () => {
      window.removeEventListener('scroll', loadMoreIfNearBottom);
      cancelAnimationFrame(frame);
    };
  }, [loadMoreIfNearBottom, rowCount]);
}

/**
 * Below the list: a failed page with its retry, the next page loading, the end, or the button for
 * more; `errorsOnly`, only a failure and its retry (the grouped view has its own way to more).
 */
function LoadStatus({ query, rowCount, errorsOnly = false }: { query: LoginLogQuery; rowCount: number; errorsOnly?: boolean }) {
  const t = useT();
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const firstPageFailed = isError && rowCount === 0;
  return (
    <>
      <div aria-live="polite">
        {isError && (
          <Alert color="red" mt="md" title={t('loginLog.loadFailed', { message: messageOf(query.error) })}>
            <Button mt="sm" variant="default" onClick={() => void (firstPageFailed ? query.refetch() : fetchNextPage())}>
              {t('error.retry')}
            </Button>
          </Alert>
        )}
        {isFetchingNextPage && !errorsOnly && (
          <Center py="md">
            <Loader size="sm" mr="sm" aria-hidden />
            {t('loginLog.loadingMore')}
          </Center>
        )}
        {!isError && !hasNextPage && rowCount > 0 && !errorsOnly && (
          <Text c="dimmed" ta="center" py="md">
            {t('loginLog.end')} {t('loginLog.count', { count: rowCount })}
          </Text>
        )}
      </div>
      {hasNextPage && !isError && !isFetchingNextPage && !errorsOnly && (
        <Center py="md">
          <Button variant="default" onClick={() => void fetchNextPage()}>
            {t('loginLog.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}

/** The page's two views: every login, or "Where you've signed in" (`?view=places`). */
type LoginLogView = 'all' | 'places';

/**
 * The two views, as links (each has its address): the one shown is the current page, as the
 * router says (aria-current), matching the address's search exactly, not in part (`{}` is in
 * every search).
 */
function Views({ view }: { view: LoginLogView }) {
  const t = useT();
  const views = [
    ['all', 'loginLog.view.all'],
    ['places', 'loginLog.view.places'],
  ] as const;
  return (
    <Group gap="xs" mb="md">
      {views.map(([id, label]) => (
        <Button
          key={id}
          size="sm"
          variant={view === id ? 'filled' : 'default'}
          renderRoot={(props) => (
            <Link
              {...props}
              to="/profile/login"
              search={id === 'places' ? { view: 'places' } : {}}
              activeOptions={{ exact: true, includeSearch: true }}
            />
          )}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}

/** /profile/login: Previous Login, as every login (a table, or cards on a phone) or grouped by device and place. */
export function LoginLogPage({ view = 'all' }: { view?: LoginLogView }) {
  const t = useT();
  const language = useLanguage();
  const query = useLoginLogQuery();
  const { data, isError } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.logs) ?? [], [data]);
  // Below 48em (768 px) the six columns do not fit: each login becomes a card.
  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;
  const listRef = useRef<HTMLDivElement>(null);

  const estimate = isNarrow ? 200 : 45;
  const virtualizer = useWindowVirtualizer({
    count: view === 'all' ? rows.length : 0,
    estimateSize: () => estimate,
    // An element not laid out yet measures 0: keep the estimate rather than collapsing the list.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });

  useLoadMoreNearBottom(query, rows.length, view === 'all');

  if (query.isPending) {
    return (
      <>
        <PageTitle>{t('page.loginLog')}</PageTitle>
        <PageLoader />
      </>
    );
  }

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.options.scrollMargin;
  const paddingTop = items.length > 0 ? items[0]!.start - offset : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - offset) : 0;
  const drawn: DrawnRows = { rows, items, paddingTop, paddingBottom, measure: virtualizer.measureElement, language };

  if (view === 'places') {
    return (
      <>
        <PageTitle>{t('page.loginLog')}</PageTitle>
        <Views view={view} />
        {rows.length === 0 && !isError && <Text>{t('loginLog.empty')}</Text>}
        {rows.length > 0 && (
          <SignInPlaces
            logins={rows}
            complete={!query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            // After a failed page, the failure's Try again (below) is the one way on.
            onMore={query.isError ? undefined : () => void query.fetchNextPage({ cancelRefetch: false })}
          />
        )}
        <LoadStatus query={query} rowCount={rows.length} errorsOnly />
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('page.loginLog')}</PageTitle>
      <Views view={view} />
      {rows.length > 0 && <ExportCsv />}
      <div ref={listRef}>
        {rows.length === 0 && !isError && <Text>{t('loginLog.empty')}</Text>}
        {rows.length > 0 && !isNarrow && <LoginTable {...drawn} />}
        {rows.length > 0 && isNarrow && <LoginCards {...drawn} />}
      </div>

      <LoadStatus query={query} rowCount={rows.length} />
    </>
  );
}
