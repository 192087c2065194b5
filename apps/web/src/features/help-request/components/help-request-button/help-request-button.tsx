import { Button, type ButtonTheme } from '@gallop/ui-kit';
import { lazy, Suspense, useState } from 'react';

const loadDialog = () => import('../help-request-dialog/help-request-dialog');

// The form (with the phone input) loads when the visitor is about to open it, never with the page.
const HelpRequestDialog = lazy(() =>
  loadDialog().then(({ HelpRequestDialog }) => ({ default: HelpRequestDialog })),
);

export interface HelpRequestButtonProps {
  /** The tour the visitor is looking at, if any. */
  tour?: { id: number; name: string } | undefined;
  theme?: ButtonTheme;
  className?: string;
}

/** 'Help me choose a tour': opens the request form to the support team in a dialog. */
export function HelpRequestButton({ tour, theme = 'primary', className }: HelpRequestButtonProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // Pointing at or focusing the button starts the download, so the dialog opens without a wait.
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        theme={theme}
        className={['help-request-button', className].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Help me choose a tour
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <HelpRequestDialog tour={tour} isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
