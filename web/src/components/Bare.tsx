// Bootstrap's alert and spinner as plain markup, for what the first screen draws (the shell, Home, sign-in): React
// Bootstrap's Alert brings its fade transition and its helpers (react-transition-group, @restart/ui, dom-helpers),
// ~8 KB of the first download that only moved a dismissed alert's opacity. The screens loaded later use
// React Bootstrap as before.
import type { ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';

/** Bootstrap's `.alert`; dismissible with a close button named `closeLabel` when `onClose` is given. */
export function Alert({
  variant,
  className = '',
  role = 'alert',
  closeLabel,
  onClose,
  children,
}: {
  variant: Variant;
  className?: string;
  role?: 'alert' | 'status';
  closeLabel?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const dismissible = onClose !== undefined;
  return (
    <div role={role} className={`alert alert-${variant}${dismissible ? ' alert-dismissible' : ''} ${className}`.trim()}>
      {children}
      {dismissible && <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />}
    </div>
  );
}

/** Bootstrap's small border spinner, hidden from screen readers (the text beside it says what happens). */
export function Spinner({ className = '' }: { className?: string }) {
  return <span className={`spinner-border spinner-border-sm ${className}`.trim()} aria-hidden="true" />;
}
