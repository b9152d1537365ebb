import { describe, expect, it } from 'vitest';
import { distanceKm, nearestShops, type ShopPlaces } from './geo';

const gentStreet = { latitude: 51.054, longitude: 3.72 };

describe('distance as the crow flies', () => {
  it('puts Gent about 50 km from Brussels', () => {
    expect(distanceKm({ latitude: 51.0543, longitude: 3.7174 }, { latitude: 50.8467, longitude: 4.3525 })).toBeCloseTo(50.1, 0);
  });

  it('is nothing from a place to itself, and the same both ways', () => {
    const antwerp = { latitude: 51.2194, longitude: 4.4025 };
    expect(distanceKm(antwerp, antwerp)).toBe(0);
    expect(distanceKm(gentStreet, antwerp)).toBeCloseTo(distanceKm(antwerp, gentStreet), 9);
  });
});

describe('the nearest shops', () => {
  const places: ShopPlaces = [
    [1, 50.85, 4.35], // Brussels
    [2, 51.0545, 3.72], // a few metres away
    [3, 51.06, 3.73], // Gent, under a km
    [4, 51.22, 4.4], // Antwerp
    [5, 51.0545, 3.72], // the same place as shop 2
  ];

  it('lists the nearest first, only as many as asked, equal distances by id', () => {
    expect(nearestShops(places, gentStreet, 3).map((n) => n.shopId)).toEqual([2, 5, 3]);
  });

  it('gives every shop when there are fewer than asked', () => {
    expect(nearestShops(places, gentStreet, 10).map((n) => n.shopId)).toEqual([2, 5, 3, 1, 4]);
  });

  it('says how far each is', () => {
    const [first] = nearestShops(places, gentStreet, 1);
    expect(first.distanceKm).toBeCloseTo(0.056, 2);
  });

  it('finds none without places', () => {
    expect(nearestShops([], gentStreet, 10)).toEqual([]);
  });
});
