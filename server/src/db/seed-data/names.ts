// Flemish/Dutch names and shop-name building blocks for the demo seed.

export const firstNames: string[] = [
  'Jan', 'Lotte', 'Pieter', 'Sofie', 'Wout', 'Elke', 'Bart', 'An', 'Tom', 'Katrien',
  'Joris', 'Evelien', 'Koen', 'Liesbeth', 'Stijn', 'Griet', 'Dries', 'Ine', 'Jeroen', 'Nathalie',
  'Wim', 'Leen', 'Thomas', 'Hanne', 'Bram', 'Marieke', 'Sander', 'Annelies', 'Jens', 'Febe',
  'Tim', 'Charlotte', 'Lucas', 'Emma', 'Arne', 'Nele', 'Kristof', 'Veerle', 'Maarten', 'Ellen',
  'Ruben', 'Laura', 'Lars', 'Julie', 'Kobe', 'Marie', 'Niels', 'Sarah', 'Jasper', 'Eva',
  'Dirk', 'Inge', 'Geert', 'Hilde', 'Frederik', 'Karolien', 'Sem', 'Fleur', 'Daan', 'Anouk',
];

export const lastNames: string[] = [
  'Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'De Smet',
  'Dubois', 'Van den Broeck', 'De Vries', 'Jansen', 'Bakker', 'Visser', 'Hermans', 'Lambrechts', 'Verstraeten', 'Vermeulen',
  'Van Damme', 'De Backer', 'Michiels', 'Smets', 'Martens', 'Aerts', 'De Clercq', 'Stevens', 'Pauwels', 'Vandenberghe',
  'Desmet', 'Coppens', 'Verhoeven', 'De Wilde', 'Van Dyck', 'Segers', 'Leclercq', 'Van Hoof', 'Cools', 'Verbeke',
  'De Meyer', 'Hendrickx', 'Vermeersch', 'Declercq', 'Dewulf', 'Van de Velde', 'Verschueren', 'Thys', 'De Cock', 'Baert',
  'De Jong', 'Van Dijk', 'Smit', 'Meijer', 'De Boer', 'Mulder', 'Bos', 'Vos', 'Dekker', 'Van Leeuwen',
];

export const streetNames: string[] = [
  'Meir', 'Veldstraat', 'Kalverstraat', 'Diestsestraat', 'Bondgenotenlaan', 'Steenstraat', 'Kerkstraat', 'Stationsstraat', 'Nieuwstraat', 'Markt',
  'Grote Markt', 'Lange Elzenstraat', 'Hoogstraat', 'Schuttershofstraat', 'Huidevettersstraat', 'Kammenstraat', 'Nationalestraat', 'Korenmarkt', 'Mageleinstraat', 'Langemunt',
  'Zuidstraat', 'Noordstraat', 'Vlaamingstraat', 'Kapellestraat', 'Bruul', 'IJzerenleen', 'Lombardstraat', 'Leysstraat', 'Lange Nieuwstraat', 'Demerstraat',
  'Koning Albertstraat', 'Ridderstraat', 'Leopoldstraat', 'Kortrijksestraat', 'Sint-Jansstraat', 'Molenstraat', 'Dorpsstraat', 'Kloosterstraat', 'Brugstraat', 'Kasteelstraat',
  'Leuvensestraat', 'Gentsesteenweg', 'Antwerpsesteenweg', 'Brusselsestraat', 'Mechelsestraat', 'Oudenaardsesteenweg', 'Ooststraat', 'Weststraat', 'Lindenlaan', 'Vrijdagmarkt',
  'Leidsestraat', 'Negen Straatjes', 'Lijnbaan', 'Grote Houtstraat', 'Spuistraat', 'Oudegracht', 'Maastrichterstraat', 'Rechtestraat', 'Zwartezustersstraat', 'Havermarkt',
];

export const shopNamePrefixes: string[] = [
  'Boetiek', 'Mode', 'Fashion', 'Atelier', 'Dressed by', 'Huis', 'Studio', 'Concept Store', 'Modehuis', 'Kledingzaak',
  'Maison', 'Kleedhuis', 'Boutique', 'Style', 'Dressing', 'Collectie', 'Garderobe', 'Showroom', 'Wardrobe', 'Label',
  'Kleding', 'Stijlvol', 'Modezaak', 'Depot', 'Winkel', 'Mode & Co', 'Closet', 'The Store', 'Salon', 'Pashokje',
  'Trend', 'Outfit', 'Shop', 'Loft', 'Kledij', 'Stijlhuis', 'Corner', 'Mode Atelier', 'Stoffenhuis', 'Modepunt',
];

export const shopNameCores: string[] = [
  'Lila', 'Noor', 'Sterk', 'Vlinder', 'Bella', 'Denim Corner', 'Het Pakhuis', 'Zomer', 'Linde', 'Roos',
  'Mila', 'Juul', 'Zilver', 'Eikenhof', 'Blauw', 'Kaneel', 'Indigo', 'De Zwaluw', 'Margriet', 'Hazel',
  'Vera', 'Olijf', 'Saffier', 'De Molen', 'Parel', 'Wolk', 'Anemoon', 'Goudsbloem', 'Lente', 'Herfst',
  'Ivy', 'Kastanje', 'Zeebries', 'Duin', 'Fien', 'Lotus', 'Het Atelier', 'De Kaai', 'Amber', 'Nova',
  'Lavendel', 'Marine', 'Jasmijn', 'Zoë', 'Oker', 'Het Hoekje', 'De Stoffen Winkel', 'Linnen', 'Velours', 'Kiezel',
  'Merel', 'Ster', 'Tulp', 'Maan', 'Zon', 'Berk', 'Essentie', 'Het Warenhuis', 'Brons', 'Kers',
];

export const customerNameSuffixes: string[] = ['BV', 'BVBA', 'NV', 'CommV', 'VOF'];
