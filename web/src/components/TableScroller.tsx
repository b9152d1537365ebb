// A table's box that scrolls sideways on a narrow screen, and that a keyboard can reach and scroll (axe:
// scrollable-region-focusable), named after the table it holds.
import type { ReactNode } from 'react';

export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
