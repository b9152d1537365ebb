// The wizard's rules for to-dos: the automatic ones and whom they go to, the listed ones, the new to-do's check.
import { describe, expect, it } from 'vitest';
import { emptyVisit, type WizardValues } from './form';
import { autoTodos, buildSubmission, changeTodo, contactForType, followUpTodos, newTodoProblem } from './rules';

const visit = (patch: Partial<WizardValues> = {}): WizardValues => ({ ...emptyVisit('2026-03-02'), ...patch });
const owner = { name: 'Els Peeters', email: 'els@winkel.be', phone: '0470 12 34 56' };

describe('automatic to-dos', () => {
  it('none for an untouched visit', () => {
    expect(autoTodos(visit())).toEqual([]);
  });

  it('type 1 lists the contact details that were typed, each line naming the shop and the contact', () => {
    const [todo] = autoTodos(visit({ contactName: 'Jan Maes', contactPhone: '0470 11 22 33' }), 'Boetiek Noord');
    expect(todo).toEqual({
      toDoTypeId: 1,
      name: 'Nieuwe contactinformatie',
      remarks: 'Boetiek Noord, Jan Maes – Naam: Jan Maes\nBoetiek Noord, Jan Maes – Telefoon: 0470 11 22 33',
    });
  });

  it('type 1 names the contact whose details changed, also when only a new phone was typed for a known owner', () => {
    const v = visit({ ...contactForType(1, owner), confirmed: { name: true, email: true, phone: true }, contactPhone: '0499 00 00 00' });
    expect(autoTodos(v, 'Boetiek Noord')[0].remarks).toBe('Boetiek Noord, Els Peeters – Telefoon: 0499 00 00 00');
    // A new e-mail for nobody by name still says whose shop; the shop name may not have loaded yet.
    expect(autoTodos(visit({ contactEmail: 'info@noord.be' }), 'Boetiek Noord')[0].remarks).toBe(
      'Boetiek Noord, contactpersoon zonder naam – E-mail: info@noord.be',
    );
    expect(autoTodos(visit({ contactName: 'Jan Maes' }))[0].remarks).toBe('Jan Maes – Naam: Jan Maes');
  });

  it('no type 1 when the loaded contact info was only confirmed', () => {
    const v = visit({ ...contactForType(1, owner), confirmed: { name: true, email: true, phone: true } });
    expect(autoTodos(v)).toEqual([]);
  });

  it('type 2 exists only while new brands is non-blank', () => {
    expect(autoTodos(visit({ newBrands: ' Vila, Only ' }))).toEqual([{ toDoTypeId: 2, name: 'Nieuwe brands', remarks: 'Vila, Only' }]);
    expect(autoTodos(visit({ newBrands: '   ' }))).toEqual([]);
  });

  it("type 3 'FC70 brand interesses' lists each brand with its remark", () => {
    const v = visit({
      brandInterests: [
        { brandId: 1, brandName: 'Kade Denim', remark: 'wil stalen' },
        { brandId: 2, brandName: 'Mira Mae', remark: '' },
      ],
    });
    expect(autoTodos(v)).toEqual([{ toDoTypeId: 3, name: 'FC70 brand interesses', remarks: 'Kade Denim: wil stalen\nMira Mae' }]);
  });

  it('are regenerated as the form changes', () => {
    const v = visit({ newBrands: 'Vila' });
    expect(followUpTodos(v).map((t) => t.remarks)).toEqual(['Vila']);
    expect(followUpTodos({ ...v, newBrands: 'Vila, Garcia' }).map((t) => t.remarks)).toEqual(['Vila, Garcia']);
    expect(followUpTodos({ ...v, newBrands: '' })).toEqual([]);
  });
});

describe('listed to-dos', () => {
  const manual = { key: 'k1', name: 'Stalen sturen', remarks: 'Voor maart', employeeIds: [3, 7] };

  it('lists automatic to-dos first, then manual ones as type 4', () => {
    const list = followUpTodos(visit({ newBrands: 'Vila', manualTodos: [manual] }));
    expect(list.map((t) => [t.key, t.toDoTypeId, t.automatic])).toEqual([
      ['auto-2', 2, true],
      ['manual-k1', 4, false],
    ]);
  });

  it('an automatic to-do can be renamed, re-described and assigned', () => {
    let v = visit({ newBrands: 'Vila' });
    v = { ...v, ...changeTodo(v, 'auto-2', { name: 'Vila contacteren' }) };
    v = { ...v, ...changeTodo(v, 'auto-2', { remarks: 'Vila via agent' }) };
    v = { ...v, ...changeTodo(v, 'auto-2', { employeeIds: [4] }) };
    expect(followUpTodos(v)[0]).toMatchObject({ name: 'Vila contacteren', remarks: 'Vila via agent', employeeIds: [4] });
  });

  it('edits of an automatic to-do lapse when its content is regenerated, assignees stay', () => {
    let v = visit({ newBrands: 'Vila' });
    v = { ...v, ...changeTodo(v, 'auto-2', { name: 'Eigen titel', employeeIds: [4] }) };
    v = { ...v, newBrands: 'Vila, Only' };
    expect(followUpTodos(v)[0]).toMatchObject({ name: 'Nieuwe brands', remarks: 'Vila, Only', employeeIds: [4] });
  });

  it('a deleted automatic to-do stays away until the form changes what it says', () => {
    let v = visit({ newBrands: 'Vila' });
    v = { ...v, ...changeTodo(v, 'auto-2', { removed: true }) };
    expect(followUpTodos(v)).toEqual([]);
    expect(followUpTodos({ ...v, newBrands: 'Only' })).toHaveLength(1);
  });

  it('manual to-dos can be edited and deleted', () => {
    let v = visit({ manualTodos: [manual] });
    v = { ...v, ...changeTodo(v, 'manual-k1', { name: 'Stalen brengen' }) };
    expect(v.manualTodos[0]).toEqual({ ...manual, name: 'Stalen brengen' });
    v = { ...v, ...changeTodo(v, 'manual-k1', { removed: true }) };
    expect(v.manualTodos).toEqual([]);
  });
});

describe('new to-do modal check', () => {
  it("asks 'Vul alle velden in.' unless title, description and an assignee are given", () => {
    expect(newTodoProblem({ name: 'Stalen', remarks: 'Voor maart', employeeIds: [1] })).toBeNull();
    expect(newTodoProblem({ name: ' ', remarks: 'Voor maart', employeeIds: [1] })).toBe('Vul alle velden in.');
    expect(newTodoProblem({ name: 'Stalen', remarks: '', employeeIds: [1] })).toBe('Vul alle velden in.');
    expect(newTodoProblem({ name: 'Stalen', remarks: 'Voor maart', employeeIds: [] })).toBe('Vul alle velden in.');
  });
});

describe('automatic to-dos are assigned', () => {
  it('to the rep herself by default, so none lands in nobody’s list', () => {
    const v = visit({ newBrands: 'Vila', contactName: 'Jan Maes' });
    expect(followUpTodos(v, 7).map((t) => t.employeeIds)).toEqual([[7], [7]]);
    expect(buildSubmission(v, 7).todos?.map((t) => t.employeeIds)).toEqual([[7], [7]]);
  });

  it('she can hand one to colleagues on Opvolging, and a rename keeps her choice', () => {
    let v = visit({ newBrands: 'Vila' });
    v = { ...v, ...changeTodo(v, 'auto-2', { employeeIds: [3, 4] }, 7) };
    expect(followUpTodos(v, 7)[0].employeeIds).toEqual([3, 4]);
    v = { ...v, ...changeTodo(v, 'auto-2', { name: 'Vila bellen' }, 7) };
    expect(followUpTodos(v, 7)[0]).toMatchObject({ name: 'Vila bellen', employeeIds: [3, 4] });
  });

  it('a rename alone keeps her as the assignee', () => {
    let v = visit({ newBrands: 'Vila' });
    v = { ...v, ...changeTodo(v, 'auto-2', { name: 'Vila bellen' }, 7) };
    expect(followUpTodos(v, 7)[0].employeeIds).toEqual([7]);
  });
});
