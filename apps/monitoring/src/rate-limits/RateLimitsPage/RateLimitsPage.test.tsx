/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { signedIn } from '@tessera/bus';
import { normalisePermissionObject, type RateLimitConfig, type RateLimitStatus, type Viewer } from '@tessera/domain';
import type { MonitoringEpicDependencies } from '../../epic';
import { monitoringEpic, monitoringSlices } from '../../state';
import { RateLimitsPage } from './RateLimitsPage';

const rule = (over: Partial<RateLimitConfig['layerRules'][number]['rules'][number]>) => ({ tenantId: '*', userId: '*', method: '*', endpoint: '*', periodSeconds: 60, rate: -1, burst: -1, maxDataBytes: -1, ...over });

const TIGHT = rule({ tenantId: 't1', method: 'GET', endpoint: '/api2/Monitoring-v1/RateLimitStatus', rate: 2 });
const PER_ADDRESS = rule({ rate: 30000 });
const PER_USER = rule({ rate: 1200, burst: 600 });
const CONFIG: RateLimitConfig = {
  layerRules: [
    { layer: 0, stage: 1, rules: [TIGHT] },
    { layer: 1, stage: 0, rules: [PER_ADDRESS] },
    { layer: 1, stage: 1, rules: [PER_USER] },
  ],
};

const STATUS: RateLimitStatus = {
  rules: [
    { layer: 0, stage: 1, index: 0, rule: TIGHT, minutes: [{ minute: 0, allowed: 2, refused: 0 }, { minute: 60000, allowed: 0, refused: 7 }], allowed: 2, refused: 7 },
    { layer: 1, stage: 0, index: 0, rule: PER_ADDRESS, minutes: [{ minute: 60000, allowed: 431, refused: 0 }], allowed: 431, refused: 0 },
  ],
};

function signIn(view: string[]) {
  signedIn({ id: 'u1', permission: normalisePermissionObject({ View: view }) } as Viewer, {
    remainingSeconds: 900,
    expiresAt: '2030-01-01T00:15:00.000Z',
    absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
  });
}

function setup(api: Partial<MonitoringEpicDependencies['api']> = {}) {
  const bus = { showToast: jest.fn() };
  const full: MonitoringEpicDependencies['api'] = {
    getRateLimitConfig: jest.fn().mockResolvedValue(CONFIG),
    getRateLimitStatus: jest.fn().mockResolvedValue(STATUS),
    putRateLimitConfig: jest.fn(async (c: RateLimitConfig) => c),
    ...api,
  };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, MonitoringEpicDependencies>({ dependencies: { api: full, bus } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(monitoringSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(monitoringEpic);
  const view = render(
    <Provider store={store}>
      <RateLimitsPage />
    </Provider>,
  );
  return { api: full, bus, user: userEvent.setup(), unmount: view.unmount };
}

describe('RateLimitsPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should show the rules by layer and stage with their live counts and chart, read-only without rateLimitEdit', async () => {
    signIn(['audit']);
    const { unmount } = setup();
    const tenant = await screen.findByRole('region', { name: 'Tenant layer (0)' });
    const general = within(tenant).getByRole('table', { name: 'Tenant layer (0), General limit (stage 1)' });
    const row = within(general).getByRole('row', { name: 'Rule 1' });
    expect(within(row).getByText('/api2/Monitoring-v1/RateLimitStatus')).toBeTruthy();
    expect(within(row).getByText('GET')).toBeTruthy();
    expect(within(row).getByText('none')).toBeTruthy(); // burst -1
    await waitFor(() => expect(within(row).getByLabelText('Refused').textContent).toBe('7'));
    expect(within(row).getByLabelText('Allowed').textContent).toBe('2');
    const chart = within(row).getByRole('img', { name: 'Requests per minute, Tenant layer (0), General limit (stage 1), rule 1' });
    expect(chart.querySelector('[data-series="refused"]')?.getAttribute('points')).toBe('0.0,27.0 120.0,1.0');
    const management = screen.getByRole('region', { name: 'Management layer 1' });
    expect(within(management).getByRole('table', { name: 'Management layer 1, IP limit (stage 0)' })).toBeTruthy();
    const ipRow = within(within(management).getByRole('table', { name: 'Management layer 1, IP limit (stage 0)' })).getByRole('row', { name: 'Rule 1' });
    expect(within(ipRow).getByText('30000')).toBeTruthy();
    expect(within(ipRow).getByLabelText('Allowed').textContent).toBe('431');
    expect(screen.queryByRole('button', { name: 'Edit rules' })).toBeNull();
    expect(screen.getByText('Read only: editing needs the rateLimitEdit permission.')).toBeTruthy();
    unmount();
  });

  it('should add, change and remove rules and save the whole config', async () => {
    signIn(['rateLimitEdit']);
    const { api, bus, user, unmount } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit rules' }));
    const rate = screen.getByLabelText('Rate, Tenant layer (0), General limit (stage 1), rule 1');
    await user.clear(rate);
    await user.type(rate, '5');
    await user.click(screen.getByRole('button', { name: 'Add a rule to Management layer 1, General limit (stage 1)' }));
    const endpoint = screen.getByLabelText('Endpoint, Management layer 1, General limit (stage 1), rule 2');
    await user.clear(endpoint);
    await user.type(endpoint, '/api2/IDM-v1/*');
    await user.selectOptions(screen.getByLabelText('Method, Management layer 1, General limit (stage 1), rule 2'), 'POST');
    await user.type(screen.getByLabelText('Burst, Management layer 1, General limit (stage 1), rule 2'), '{Backspace}{Backspace}10');
    await user.click(screen.getByRole('button', { name: 'Remove Management layer 1, IP limit (stage 0), rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(api.putRateLimitConfig).toHaveBeenCalledTimes(1));
    expect(api.putRateLimitConfig).toHaveBeenCalledWith({
      layerRules: [
        { layer: 0, stage: 1, rules: [{ ...TIGHT, rate: 5 }] },
        { layer: 1, stage: 0, rules: [] },
        { layer: 1, stage: 1, rules: [PER_USER, rule({ method: 'POST', endpoint: '/api2/IDM-v1/*', burst: 10 })] },
      ],
    });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Rate-limit rules saved', message: '' }));
    expect(await screen.findByRole('button', { name: 'Edit rules' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit rate-limit rules' })).toBeNull();
    unmount();
  });

  it("should show the server's refusal at the rule and field it names, and keep the editor open", async () => {
    signIn(['rateLimitEdit']);
    const refusal = Object.assign(new Error('layerRules[2].rules[0].rate must be -1 (unlimited) or a whole number from 0 to 1000000000, got -5'), { code: 'VALIDATION', field: 'layerRules[2].rules[0].rate' });
    const { api, bus, user, unmount } = setup({ putRateLimitConfig: jest.fn().mockRejectedValue(refusal) });
    await user.click(await screen.findByRole('button', { name: 'Edit rules' }));
    const rate = screen.getByLabelText('Rate, Management layer 1, General limit (stage 1), rule 1');
    await user.clear(rate);
    await user.type(rate, '-5');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect((api.putRateLimitConfig as jest.Mock).mock.calls[0][0].layerRules[2].rules[0].rate).toBe(-5);
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(rate.getAttribute('aria-describedby')).toBe(screen.getByText(refusal.message).id);
    expect(screen.getByLabelText('Rate, Tenant layer (0), General limit (stage 1), rule 1').getAttribute('aria-invalid')).toBeNull();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'The rate-limit rules were not saved', message: refusal.message });
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeTruthy();
    unmount();
  });

  it('should add a layer and stage group, and refuse one already listed', async () => {
    signIn(['rateLimitEdit']);
    const { api, user, unmount } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit rules' }));
    await user.selectOptions(screen.getByLabelText('New layer'), '1');
    await user.selectOptions(screen.getByLabelText('New stage'), '1');
    await user.click(screen.getByRole('button', { name: 'Add layer and stage' }));
    expect(screen.getByText('Management layer 1, General limit (stage 1) is already in the list.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('New layer'), '0');
    await user.selectOptions(screen.getByLabelText('New stage'), '0');
    await user.click(screen.getByRole('button', { name: 'Add layer and stage' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(api.putRateLimitConfig).toHaveBeenCalledTimes(1));
    const sent = (api.putRateLimitConfig as jest.Mock).mock.calls[0][0] as RateLimitConfig;
    expect(sent.layerRules.map((g) => [g.layer, g.stage])).toEqual([[0, 0], [0, 1], [1, 0], [1, 1]]);
    expect(sent.layerRules[0]?.rules).toEqual([rule({})]);
    unmount();
  });
});
