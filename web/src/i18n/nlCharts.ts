// The charts' Dutch texts (decision 033): only lazily loaded screens show charts, so these stay out of Home's first download.
export const nlCharts = {
  label: (title: string) => `${title}: grafiek, de cijfers staan ook in de tabel eronder`,
  loading: 'Grafiek wordt geladen...',
  asTable: 'Cijfers als tabel',
  /** The shop page's sell-out per FC70 brand. */
  shopSellout: {
    title: 'Sellout per FC70 brand',
    chartTitle: 'Sellout per FC70 brand per bezoek (%)',
    date: 'Bezoekdatum',
    loading: 'Sellout wordt geladen...',
    empty: 'Nog geen sellout ingevuld bij de bezoeken aan deze winkel.',
    notOnDevice: 'De sellout-grafiek is niet op dit toestel bewaard; ze verschijnt zodra er verbinding is.',
  },
};
