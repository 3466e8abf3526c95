/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '@tessera/ui';
import { fakeApi, installMatchMedia, renderWithStore, testCa } from '../../testing/renderWithStore';
import { CA_BOX, layoutCaTree } from './layoutCaTree';
import { PkiVisualiserPage } from './PkiVisualiserPage';

jest.mock('@tessera/ui', () => ({ ...jest.requireActual('@tessera/ui'), navigate: jest.fn() }));

const root = testCa();
const issuingA = testCa({ id: 'a', friendlyName: 'A Issuing', parentId: 'ca-root', status: 'PendingCert' });
const issuingB = testCa({ id: 'b', friendlyName: 'B Issuing', parentId: 'ca-root', status: 'ExpiredCert' });
const other = testCa({ id: 'other', friendlyName: 'Other Root' });

describe('layoutCaTree', () => {
  it('should put children a row below their parent and centre the parent over them', () => {
    const layout = layoutCaTree([issuingB, root, other, issuingA]);
    const at = (name: string) => layout.nodes.find((n) => n.ca.friendlyName === name)!;
    expect(at('A Issuing').y).toBe(at('B Issuing').y);
    expect(at('A Issuing').y - at('Root CA').y).toBe(CA_BOX.height + CA_BOX.gapY);
    expect(at('A Issuing').x).toBeLessThan(at('B Issuing').x);
    expect(at('Root CA').x).toBe((at('A Issuing').x + at('B Issuing').x) / 2);
    expect(at('Other Root').depth).toBe(0);
    expect(layout.edges.map((e) => `${e.from.ca.id}>${e.to.ca.id}`).sort()).toEqual(['ca-root>a', 'ca-root>b']);
    expect(layout.width).toBe(3 * (CA_BOX.width + CA_BOX.gapX) - CA_BOX.gapX + 2 * CA_BOX.margin);
  });

  it('should draw a CA whose issuer is unknown as a root, and survive a cycle', () => {
    const orphan = testCa({ id: 'x', parentId: 'missing' });
    expect(layoutCaTree([orphan]).nodes[0]!.depth).toBe(0);
    const loop = layoutCaTree([testCa({ id: 'p', parentId: 'q', friendlyName: 'P' }), testCa({ id: 'q', parentId: 'p', friendlyName: 'Q' })]);
    expect(loop.nodes).toHaveLength(0);
  });
});

describe('PkiVisualiserPage', () => {
  beforeAll(() => installMatchMedia());

  it('should draw each CA with its status colour and the issuer edges, and open a CA on click', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [root, issuingA, issuingB] });
    const user = userEvent.setup();
    const { container } = renderWithStore(<PkiVisualiserPage />, { api });
    expect(await screen.findByRole('img', { name: 'Certificate authority hierarchy' })).toBeTruthy();
    const pending = screen.getByRole('link', { name: 'A Issuing: Not yet valid' });
    expect(pending.getAttribute('data-status')).toBe('PendingCert');
    expect(pending.querySelector('rect')?.getAttribute('stroke')).toBe('#9a6700');
    expect(screen.getByRole('link', { name: 'B Issuing: Expired' }).querySelector('rect')?.getAttribute('stroke')).toBe('#cf222e');
    expect(screen.getByRole('link', { name: 'Root CA: Active' }).querySelector('rect')?.getAttribute('stroke')).toBe('#1a7f37');
    expect([...container.querySelectorAll('path[data-edge]')].map((p) => p.getAttribute('data-edge')).sort()).toEqual(['Root CA → A Issuing', 'Root CA → B Issuing']);
    await user.click(pending);
    expect(navigate).toHaveBeenCalledWith('/pki/manage/certificate-authorities/a');
  });
});
