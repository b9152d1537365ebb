// The shop page and a shop's visits: texts that load with those screens, not with Home.
export const nlShop = {
  notOnDevice: {
    shop: 'Deze winkel staat niet op dit toestel: je opende ze nog niet met verbinding.',
    visits: 'De prospecties van deze winkel staan niet op dit toestel.',
  },
  shop: {
    notFoundText: 'Deze winkel bestaat niet (meer), of je hebt er geen toegang toe. Zoek de winkel op Home.',
    loading: 'Winkel wordt geladen...',
    customer: 'Klant',
    owner: 'Eigenaar',
    address: 'Adres',
    contact: 'Contactpersoon',
    email: 'E-mail',
    phone: 'Telefoon',
    newProspection: 'Nieuwe prospectie',
    recentProspections: 'Recente prospecties',
    allProspections: 'Alle prospecties',
  },
  prospections: {
    overviewTitle: 'Prospecties',
    detailTitle: 'Prospectie',
    empty: 'Geen prospecties beschikbaar.',
    loading: 'Prospecties worden geladen...',
    visitedBy: (name: string) => `door ${name}`,
    backToShop: 'Terug naar de winkel',
    backToOverview: 'Terug naar het overzicht',
  },
};
