// The overview's filters: the period (or its dates), the rep for the team, the brand, the country and city and the
// postal code; every change goes to the address (period.ts).
import { CardSection } from '../../components/CardSection';
import { nlOverview as t } from '../../i18n/nlOverview';
import { useFilterChoices } from './api';
import { DateField } from './DateField';
import { brusselsToday } from '@prospectie/contract/dates';
import { PeriodBar } from './PeriodBar';
import { PERIOD_KINDS, periodAround, type OverviewView, type PeriodKind } from './period';

/** One filter's select with its label; `all` is the empty choice that sets no filter. */
export function FilterSelect({
  id,
  label,
  all,
  value,
  choices,
  onChange,
  className = 'col-12 col-sm-6 col-lg-3',
}: {
  id: string;
  label: string;
  all?: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Filters({ view, team, onChange }: { view: OverviewView; team: boolean; onChange: (view: OverviewView) => void }) {
  const countryId = view.query.countryId === undefined ? undefined : Number(view.query.countryId);
  const choices = useFilterChoices(countryId);
  const setPeriod = (period: PeriodKind) =>
    onChange({ ...view, period, query: { ...view.query, ...(period === 'custom' ? {} : periodAround(period, brusselsToday())) } });
  const setFilter = (key: 'employeeId' | 'brandId' | 'cityId', value: string) =>
    onChange({ ...view, query: { ...view.query, [key]: value ? Number(value) : undefined } });
  // Another country leaves no city of the one before.
  const setCountry = (value: string) =>
    onChange({ ...view, query: { ...view.query, countryId: value ? Number(value) : undefined, cityId: undefined } });
  const setPostalCode = (value: string) => {
    const postalCode = value.trim() || undefined;
    if (postalCode !== view.query.postalCode) onChange({ ...view, query: { ...view.query, postalCode } });
  };
  return (
    <CardSection titleId="overview-filters" title={t.filters} className="mb-3">
      <div className="row g-3">
        <FilterSelect
          id="overview-period"
          label={t.period}
          value={view.period}
          choices={PERIOD_KINDS.map((kind) => ({ value: kind, label: t.periods[kind] }))}
          onChange={(value) => setPeriod(value as PeriodKind)}
        />
        {view.period === 'custom' && (
          <>
            <div className="col-12 col-sm-6 col-lg-3">
              <DateField
                key={view.query.from}
                id="overview-from"
                label={t.from}
                value={view.query.from}
                max={view.query.to}
                onChange={(from) => onChange({ ...view, query: { ...view.query, from } })}
              />
            </div>
            <div className="col-12 col-sm-6 col-lg-3">
              <DateField
                key={view.query.to}
                id="overview-to"
                label={t.to}
                value={view.query.to}
                min={view.query.from}
                onChange={(to) => onChange({ ...view, query: { ...view.query, to } })}
              />
            </div>
          </>
        )}
        {team && (
          <FilterSelect
            id="overview-rep"
            label={t.rep}
            all={t.allReps}
            value={String(view.query.employeeId ?? '')}
            choices={(choices.employees.data ?? []).map((e) => ({ value: String(e.id), label: `${e.firstName} ${e.name}` }))}
            onChange={(value) => setFilter('employeeId', value)}
          />
        )}
        <FilterSelect
          id="overview-brand"
          className="col-12 col-sm-6 col-lg-2"
          label={t.brand}
          all={t.allBrands}
          value={String(view.query.brandId ?? '')}
          choices={(choices.brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(value) => setFilter('brandId', value)}
        />
        <FilterSelect
          id="overview-country"
          className="col-12 col-sm-6 col-lg-2"
          label={t.country}
          all={t.allCountries}
          value={String(countryId ?? '')}
          choices={(choices.countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={setCountry}
        />
        {countryId !== undefined && (
          <FilterSelect
            id="overview-city"
            label={t.city}
            all={t.allCities}
            value={String(view.query.cityId ?? '')}
            choices={(choices.cities.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.postalCode ? `${c.postalCode} ${c.name}` : c.name,
            }))}
            onChange={(value) => setFilter('cityId', value)}
          />
        )}
        <div className="col-12 col-sm-6 col-lg-3">
          <label htmlFor="overview-postal-code" className="form-label">
            {t.postalCode}
          </label>
          {/* Keyed by the address's value: a link or Back that changes it shows it here. */}
          <input
            key={view.query.postalCode ?? ''}
            id="overview-postal-code"
            className="form-control"
            inputMode="numeric"
            defaultValue={view.query.postalCode ?? ''}
            onBlur={(e) => setPostalCode(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setPostalCode(e.currentTarget.value)}
          />
        </div>
      </div>
      <PeriodBar view={view} onChange={onChange} />
    </CardSection>
  );
}
