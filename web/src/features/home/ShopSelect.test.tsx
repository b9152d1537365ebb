import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShopSelect } from './ShopSelect';

const shops = [
  { id: 1, name: 'BOETIEK LILA', city: 'Gent', customer: 'Lila bv' },
  { id: 2, name: 'MODE MARIE', city: 'Antwerpen', customer: null },
  { id: 3, name: 'MODE MAX', city: null, customer: null },
];

function renderSelect(isLoading = false, list = shops) {
  const onChoose = vi.fn();
  render(
    <>
      <label id="shop-label" htmlFor="shop">
        Zoek een winkel
      </label>
      <ShopSelect inputId="shop" labelId="shop-label" shops={isLoading ? [] : list} isLoading={isLoading} onChoose={onChoose} />
      <button type="button">Elders</button>
    </>,
  );
  return { onChoose, input: screen.getByRole('combobox', { name: 'Zoek een winkel' }) };
}

describe('Home shop select', () => {
  it('filters as the rep types and opens the first match with Enter', async () => {
    const { onChoose, input } = renderSelect();
    await userEvent.type(input, 'mode');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['MODE MARIEAntwerpen', 'MODE MAXN/A']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(shops[2]);
  });

  it('opens nothing when the rep leaves the field, and keeps what was typed', async () => {
    const { onChoose, input } = renderSelect();
    await userEvent.type(input, 'lila');
    expect(screen.getByRole('option', { name: /BOETIEK LILA/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Elders' }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(input).toHaveValue('lila');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says Geen resultaten in Dutch, not No options, clears with Wissen, and closes with Escape', async () => {
    const { input } = renderSelect();
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('Geen resultaten')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Wissen' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    await userEvent.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('is busy and says Laden... in Dutch while the shops load', async () => {
    const { input } = renderSelect(true);
    expect(input).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(input);
    expect(screen.getByText('Laden...')).toBeInTheDocument();
  });

  it('keeps working when the rep types and moves through the list before the shops are there', async () => {
    const { input } = renderSelect(true);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.type(input, 'mode');
    expect(input).toHaveValue('mode');
    expect(screen.getByText('Laden...')).toBeInTheDocument();
  });
});

describe('Home shop select with a long list', () => {
  // More than the select indexes at once: it indexes them in slices between which the page runs.
  const many = Array.from({ length: 3000 }, (_, i) => ({
    id: i + 1,
    name: `WINKEL ${i + 1}`,
    city: i === 2345 ? 'Péruwelz' : 'Gent',
    customer: null,
  }));

  it('is busy until every shop is indexed, then finds a shop anywhere in the list', async () => {
    const { input } = renderSelect(false, many);
    expect(input).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(input).not.toHaveAttribute('aria-busy'));
    await userEvent.type(input, 'peruwelz');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['WINKEL 2346Péruwelz']);
  });
});

describe('Home shop select paging', () => {
  const many = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `WINKEL ${String(i + 1).padStart(2, '0')}`,
    city: 'Gent',
    customer: null,
  }));
  const highlighted = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;

  it('moves five shops with PageDown and PageUp, not ten, and stops at the ends', async () => {
    const { input } = renderSelect(false, many);
    await userEvent.type(input, 'winkel');
    expect(highlighted()).toMatch(/^WINKEL 01/);
    await userEvent.keyboard('{PageDown}');
    expect(highlighted()).toMatch(/^WINKEL 06/);
    await userEvent.keyboard('{PageDown}');
    expect(highlighted()).toMatch(/^WINKEL 11/);
    await userEvent.keyboard('{PageDown}');
    expect(highlighted()).toMatch(/^WINKEL 12/);
    await userEvent.keyboard('{PageUp}');
    expect(highlighted()).toMatch(/^WINKEL 07/);
    await userEvent.keyboard('{PageUp}{PageUp}');
    expect(highlighted()).toMatch(/^WINKEL 01/);
  });
});
