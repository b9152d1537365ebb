// The shop page's sell-out per FC70 brand across the shop's visits, as a line chart with its table (decision 033).
import { useMemo } from 'react';
import { waitsForConnection } from '../../api/queryRules';
import { ChartWithTable } from '../../components/ChartWithTable';
import { CardSection } from '../../components/CardSection';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nlCharts } from '../../i18n/nlCharts';
import { formatDay, formatSellout } from '../../lib/format';
import { useShopSellout } from './api';
import { selloutSeries } from './sellout';

const t = nlCharts.shopSellout;

function SelloutFigures({ shopId }: { shopId: number }) {
  const sellout = useShopSellout(shopId);
  const series = useMemo(() => selloutSeries(sellout.data ?? []), [sellout.data]);
  if (waitsForConnection(sellout)) return <NotOnDevice what={t.notOnDevice} />;
  if (sellout.isPending) return <Loading text={t.loading} />;
  const failed = sellout.isError && <LoadError error={sellout.error} onRetry={() => sellout.refetch()} />;
  if (!sellout.data) return failed;
  return (
    <>
      {failed}
      {series.length === 0 ? (
        <p className="text-body-secondary mb-0">{t.empty}</p>
      ) : (
        <ChartWithTable title={t.chartTitle} xLabel={t.date} series={series} formatX={formatDay} formatY={formatSellout} yMax={100} />
      )}
    </>
  );
}

export function SelloutChart({ shopId }: { shopId: number }) {
  return (
    <CardSection titleId="shop-sellout-title" title={t.title} className="mt-4">
      <SelloutFigures shopId={shopId} />
    </CardSection>
  );
}
