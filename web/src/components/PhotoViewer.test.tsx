import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Photo } from '@prospectie/contract';
import { PhotoThumb, PhotoViewer, useViewer } from './PhotoViewer';

const photo = (id: string, caption: string | null): Photo => ({
  id,
  caption,
  brand: null,
  competitorBrand: caption ? null : { id: 8, name: 'Noordkust' },
  width: 1600,
  height: 1200,
  createdAt: '2026-09-12T10:00:00Z',
  url: `/api/photos/${id}`,
  thumbUrl: `/api/photos/${id}/thumb`,
});

const photos = [photo('a', 'Etalage'), photo('b', null)];

function Gallery() {
  const viewer = useViewer(photos.length);
  return (
    <>
      {photos.map((p, i) => (
        <PhotoThumb key={p.id} photo={p} n={i + 1} onOpen={() => viewer.open(i)} />
      ))}
      <PhotoViewer photos={photos} viewer={viewer} />
    </>
  );
}

describe('a picture full size', () => {
  it('opens from its thumbnail, moves by button and arrow key, closes with Escape and hands focus back', async () => {
    render(<Gallery />);
    const first = screen.getByRole('button', { name: 'Etalage: groot bekijken' });
    expect(screen.getByRole('button', { name: 'Foto 2: groot bekijken' })).toBeInTheDocument();
    await userEvent.click(first);
    expect(await screen.findByRole('dialog', { name: 'Foto 1 van 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Etalage' })).toHaveAttribute('src', '/api/photos/a');
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeDisabled();

    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Foto 2 van 2' })).toHaveTextContent('Noordkust');
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByRole('dialog', { name: 'Foto 1 van 2' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(first).toHaveFocus();
  });
});
