import { Button, CloseButton, Group, Text, type MantineColor } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../messages/t';
import classes from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Escape, the close button or a click beside the dialog; Cancel by default. */
  onClose?(): void;
  /** Red by default: most questions here are about removing something. */
  confirmColor?: MantineColor;
  /** What the question asks for beside the message (a field), above the buttons; one marked `data-autofocus` has the focus once it opens. */
  children?: ReactNode;
}

/**
 * A modal question with Cancel and a confirm button, on the browser's own <dialog>: it keeps
 * focus inside and makes the page behind it inert, Escape asks to close it, and focus goes back
 * to where it was. Nothing to fetch when it opens, so it works offline too. Its owner decides
 * when it closes: one the browser closes by itself (Chromium does on a second Escape, even
 * when the first was refused) opens again, and asks the owner as Escape does.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  onClose = onCancel,
  confirmColor = 'red.8',
  children,
}: ConfirmDialogProps) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  /** The close event to come is this component's own (its effect's cleanup), not the browser's. */
  const closingItself = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!opened || !dialog) return;
    const before = document.activeElement;
    dialog.showModal();
    // The browser focuses the first control (Close); a field the question asks for is where to type.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      // An effect run again on a dialog still on the page (React's StrictMode does, in
      // development) closes and opens it: its close event is no one's answer.
      if (dialog.open) closingItself.current = true;
      dialog.close();
      if (before instanceof HTMLElement) before.focus();
    };
  }, [opened]);
  if (!opened) return null;
  const close = () => !busy && onClose();
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}m`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // A dialog still on the page was closed by the browser: its owner closes it by unmounting
      // it (whose own close event, queued, finds it gone).
      onClose={(event) => {
        if (closingItself.current) return void (closingItself.current = false);
        if (!event.currentTarget.isConnected) return;
        event.currentTarget.showModal();
        close();
      }}
      // A click on the backdrop lands on the dialog itself; its content is the inner box.
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <div className={classes.box}>
        {/* A plain div: a <header> in a dialog would be a second banner landmark beside the page's own. */}
        <div className={classes.header}>
          <Text component="h2" id={`${id}t`} fw={600} size="lg" m={0}>
            {title}
          </Text>
          <CloseButton aria-label={t('dialog.close')} onClick={close} disabled={busy} />
        </div>
        <Text id={`${id}m`} mb="md">
          {message}
        </Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </dialog>
  );
}
