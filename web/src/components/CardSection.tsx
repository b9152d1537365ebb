// A page's part on a card: a section named by its h2 heading, with an optional short introduction under it.
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

export function CardSection({
  titleId,
  title,
  intro,
  className,
  children,
}: {
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={titleId} className={className}>
      <Card.Body>
        <h2 id={titleId} className="h5">
          {title}
        </h2>
        {intro && <p className="small">{intro}</p>}
        {children}
      </Card.Body>
    </Card>
  );
}
