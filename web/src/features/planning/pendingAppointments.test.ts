import { describe, expect, it } from 'vitest';
import type { Appointment } from '@prospectie/contract';
import type { OutboxItem } from '../../offline/outbox';
import { waitingAppointmentChanges, withPendingChanges, type AppointmentChange } from './pendingAppointments';

const clientId = '6f1d2c3b-0000-4000-8000-000000000001';
const onServer: Appointment = {
  id: 3,
  clientId: null,
  employeeId: 7,
  mine: true,
  name: 'Beurs',
  remarks: null,
  startDate: '2026-11-25T10:00:00',
  endDate: '2026-11-25T11:00:00',
  allDay: false,
  shopId: null,
  shopName: null,
  prospectionId: null,
  sequence: 0,
};
const create: AppointmentChange = {
  op: 'create',
  body: { clientId, startDate: '2026-11-26T09:00', endDate: '2026-11-26T10:00', shopId: 12, name: null, remarks: null },
  shopName: 'Schoenen Peeters',
};

describe('changes waiting for a connection, on the calendar', () => {
  it('shows a plan made offline and then moved once, at its moved time, named after its shop', () => {
    const move: AppointmentChange = { op: 'update', ref: clientId, body: { startDate: '2026-11-26T14:00', endDate: '2026-11-26T15:00' } };
    const shown = withPendingChanges([onServer], [create, move], 7);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatchObject({
      clientId,
      name: 'Schoenen Peeters',
      startDate: '2026-11-26T14:00:00',
      endDate: '2026-11-26T15:00:00',
      shopId: 12,
      mine: true,
      pending: true,
    });
  });

  it('does not show a plan twice once the server has it but the outbox has not let go yet', () => {
    const arrived = { ...onServer, id: 9, clientId, startDate: '2026-11-26T09:00:00', endDate: '2026-11-26T10:00:00' };
    expect(withPendingChanges([onServer, arrived], [create], 7)).toHaveLength(2);
  });

  it('moves and removes appointments the server already has, by number', () => {
    const moved = withPendingChanges(
      [onServer],
      [{ op: 'update', ref: '3', body: { startDate: '2026-11-25T12:00', endDate: '2026-11-25T13:00' } }],
      7,
    );
    expect(moved[0]).toMatchObject({ id: 3, startDate: '2026-11-25T12:00:00', pending: true });
    expect(withPendingChanges([onServer], [{ op: 'delete', ref: '3' }], 7)).toEqual([]);
  });

  it('takes only the rep’s own waiting appointment changes, oldest first', () => {
    const item = (id: string, patch: Partial<OutboxItem>): OutboxItem => ({
      id,
      kind: 'appointment',
      userId: 1,
      path: '/appointments',
      body: null,
      draft: { op: 'delete', ref: id },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'waiting',
      ...patch,
    });
    const items = [item('a', {}), item('b', { userId: 2 }), item('c', { state: 'refused' }), item('d', { kind: 'visit' }), item('e', {})];
    expect(waitingAppointmentChanges(items, 1)).toEqual([
      { op: 'delete', ref: 'a' },
      { op: 'delete', ref: 'e' },
    ]);
  });
});
