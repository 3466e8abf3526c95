import { buildOrganisationTree, checkAbn, descendantIds, ORGANISATION_MESSAGES } from './organisations';

describe('checkAbn', () => {
  it('should accept a valid ABN with spaces and answer its 11 digits', () => {
    expect(checkAbn('51 824 753 556')).toEqual({ valid: true, scheme: 'abn', businessNumber: '51824753556' });
    expect(checkAbn('53004085616')).toEqual({ valid: true, scheme: 'abn', businessNumber: '53004085616' });
  });
  it('should reject a wrong check digit', () => {
    expect(checkAbn('51824753557')).toEqual({ valid: false, scheme: 'abn', message: ORGANISATION_MESSAGES.ABN_CHECKSUM });
  });
  it.each(['', '5182475355', '518247535561', '5182475355a'])('should reject %p as not 11 digits', (value) => {
    expect(checkAbn(value)).toEqual({ valid: false, scheme: 'abn', message: ORGANISATION_MESSAGES.ABN_FORMAT });
  });
});

describe('buildOrganisationTree', () => {
  it('should nest children under parents, sorted by name, and place orphans at the root', () => {
    const tree = buildOrganisationTree([
      { id: 'b', name: 'Beta', type: 'team', parentId: 'a' },
      { id: 'a', name: 'Acme', type: 'company', parentId: null },
      { id: 'c', name: 'Alpha', type: 'team', parentId: 'a' },
      { id: 'o', name: 'Orphan', type: 'team', parentId: 'gone' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['Acme', 'Orphan']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['Alpha', 'Beta']);
  });
});

describe('descendantIds', () => {
  it('should answer the organisation and everything below it', () => {
    const rows = [
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'd', parentId: null },
    ];
    expect([...descendantIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
  });
});
