import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS } from '../../offline/keptPhotos';
import { keptPhoto as kept } from '../../test/keptPhoto';
import { PhotoSection } from './PhotoSection';
import { addBlockedBecause, type DraftPhotos } from './useDraftPhotos';

vi.mock('../../offline/photoOutbox', () => ({ photosFollowing: () => [] }));

function renderSection(draft: Partial<DraftPhotos> = {}) {
  const photos: DraftPhotos = {
    photos: [],
    urls: {},
    add: vi.fn(async () => undefined),
    describe: vi.fn(),
    remove: vi.fn(),
    release: vi.fn(),
    shrinking: false,
    problem: null,
    blockedBecause: null,
    ...draft,
  };
  render(<PhotoSection draft={photos} brands={[{ id: 3, name: 'Atelier Seventy' }]} competitorBrands={[{ id: 8, name: 'Noordkust' }]} />);
  return photos;
}

describe("the wizard's Foto's", () => {
  it('offers the camera (without leaving the app) and the gallery, both for pictures only', async () => {
    const draft = renderSection();
    const section = screen.getByRole('region', { name: /Foto's/ });
    expect(within(section).getByText("(0 van 10 foto's)")).toBeInTheDocument();
    const inputs = section.querySelectorAll<HTMLInputElement>('input[type=file]');
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toHaveAttribute('capture', 'environment');
    expect(inputs[0]).toHaveAttribute('accept', 'image/*');
    expect(inputs[1]).not.toHaveAttribute('capture');
    expect(inputs[1]).toHaveAttribute('accept', 'image/*');
    const file = new File(['x'], 'etalage.jpg', { type: 'image/jpeg' });
    await userEvent.upload(inputs[1], file);
    expect(draft.add).toHaveBeenCalledWith([file]);
  });

  it('says why the buttons are off, tied to them for a screen reader', () => {
    renderSection({ blockedBecause: addBlockedBecause({ count: 2, room: false }) });
    for (const name of ['Foto nemen', 'Kies uit galerij']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/geheugen van dit toestel is bijna vol/);
    }
  });

  it('gives each picture a caption, an FC70 or competitor tag and a remove button', async () => {
    const draft = renderSection({
      photos: [kept('a', { caption: 'Etalage' }), kept('b', { competitorBrandId: 8 })],
      urls: { a: 'data:image/webp;base64,AA', b: 'data:image/webp;base64,BB' },
    });
    expect(screen.getByRole('img', { name: 'Etalage' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Merk bij foto 2 (optioneel)')).toHaveDisplayValue('Noordkust');

    await userEvent.type(screen.getByLabelText('Bijschrift bij foto 2 (optioneel)'), 'D');
    expect(draft.describe).toHaveBeenCalledWith('b', { caption: 'D' });
    await userEvent.selectOptions(screen.getByLabelText('Merk bij foto 1 (optioneel)'), 'Atelier Seventy');
    expect(draft.describe).toHaveBeenCalledWith('a', { brandId: 3, competitorBrandId: null });
    await userEvent.selectOptions(screen.getByLabelText('Merk bij foto 2 (optioneel)'), 'Geen merk');
    expect(draft.describe).toHaveBeenCalledWith('b', { brandId: null, competitorBrandId: null });
    await userEvent.click(screen.getByRole('button', { name: 'Foto 1 verwijderen' }));
    expect(draft.remove).toHaveBeenCalledWith('a');
  });
});

describe('why no picture can be added', () => {
  it('is the limit of 10 first, then a nearly full device; otherwise nothing stops her', () => {
    expect(addBlockedBecause({ count: MAX_PHOTOS, room: true })).toMatch(/maximum van 10 foto's/);
    expect(addBlockedBecause({ count: MAX_PHOTOS, room: false })).toMatch(/maximum van 10 foto's/);
    expect(addBlockedBecause({ count: 3, room: false })).toMatch(/bijna vol/);
    expect(addBlockedBecause({ count: 9, room: true })).toBeNull();
  });
});
