import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ValidationRule } from '@prospectie/contract/errors';
import { ApiError, retryWhileInProgress } from './client';
import { apiErrorText } from './errorText';

describe('a write sent again while the server is still busy with its key (409)', () => {
  it('is asked again after a moment, and the answer of the first attempt comes through', async () => {
    let calls = 0;
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: async () => {
        calls++;
        if (calls === 1) throw new ApiError(409, 'Dit verzoek wordt al verwerkt; probeer het zo opnieuw.');
        return { id: 42 };
      },
      ...retryWhileInProgress,
    });
    await expect(observer.mutate()).resolves.toEqual({ id: 42 });
    expect(calls).toBe(2);
  });

  it('is not repeated for any other refusal', async () => {
    let calls = 0;
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: async () => {
        calls++;
        throw new ApiError(422, 'Deze Idempotency-Key werd al gebruikt voor een ander verzoek.');
      },
      ...retryWhileInProgress,
    });
    await expect(observer.mutate()).rejects.toThrow('Idempotency-Key');
    expect(calls).toBe(1);
  });
});

describe('the Dutch text of a refusal', () => {
  const refused = (rule?: string) =>
    new ApiError(400, 'body.x: refused', 'Bad Request', 'validation_failed', 'body.x', rule as ValidationRule);

  it('says the rule the field broke when the server names one', () => {
    expect(apiErrorText(refused('visit_date_in_future'))).toBe('De datum van het bezoek kan niet na vandaag liggen.');
    expect(apiErrorText(refused('report_empty'))).toBe('Schrijf eerst je voorbeeldrapport: een leeg rapport kan niet bewaard worden.');
    expect(apiErrorText(refused('sellout_range'))).toBe('Geef een sellout tussen 0 en 100, met hoogstens één decimaal.');
    expect(apiErrorText(refused('shop_name_missing'))).toBe('Geen geldige naam.');
  });

  it('falls back to the text of the code without a rule, or with one this version does not know', () => {
    expect(apiErrorText(refused())).toBe('Een ingevuld veld werd niet aanvaard. Controleer je invoer.');
    expect(apiErrorText(refused('a_rule_of_a_newer_server'))).toBe('Een ingevuld veld werd niet aanvaard. Controleer je invoer.');
  });
});
