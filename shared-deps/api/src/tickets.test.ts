import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';

const client = (answer: unknown = {}) => {
  const fake = fakeFetch(() => json(answer));
  return { api: createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' }), calls: fake.calls };
};

describe('ticket calls', () => {
  it.each([
    ['getTicket', (a: ReturnType<typeof client>['api']) => a.getTicket('id1'), 'GET', '/api2/Monitoring-v1/Ticket?ticketId=id1', undefined],
    ['createTicket', (a: ReturnType<typeof client>['api']) => a.createTicket({ title: 't', category: 'Bug', description: 'd' }), 'POST', '/api2/Monitoring-v1/Ticket', { title: 't', category: 'Bug', description: 'd' }],
    [
      'bulkUpdateTickets',
      (a: ReturnType<typeof client>['api']) => a.bulkUpdateTickets({ ticketIds: ['a'], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } }),
      'PATCH',
      '/api2/Monitoring-v1/Ticket',
      { ticketIds: ['a'], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } },
    ],
    ['assignTicketToUser', (a: ReturnType<typeof client>['api']) => a.assignTicketToUser({ ticketId: 'a', userId: '' }), 'PATCH', '/api2/Monitoring-v1/AssignTicketToUser', { ticketId: 'a', userId: '' }],
    ['deleteTicketMessage', (a: ReturnType<typeof client>['api']) => a.deleteTicketMessage('m1'), 'DELETE', '/api2/Monitoring-v1/TicketMessage', { messageId: 'm1' }],
    ['searchSupportTickets', (a: ReturnType<typeof client>['api']) => a.searchSupportTickets(), 'POST', '/api2/Monitoring-v1/SearchSupportTickets', {}],
    ['supportTicketMetrics', (a: ReturnType<typeof client>['api']) => a.supportTicketMetrics('7d'), 'GET', '/api2/Monitoring-v1/SupportTicketMetrics?period=7d', undefined],
  ])('should call %s as the spec table says', async (_name, call, method, path, body) => {
    const { api, calls } = client();
    await call(api);
    expect(calls[0]).toMatchObject({ method, url: `http://s${path}` });
    expect(calls[0]?.body === undefined ? undefined : JSON.parse(calls[0].body)).toEqual(body);
  });
});

describe('temporary pass calls', () => {
  it('should left-pad pass numbers to 5 characters before sending or checking availability (admin-console §5)', async () => {
    const { api, calls } = client([]);
    await api.temporaryPassAvailability('guest', '42');
    await api.returnTemporaryPass('7');
    await api.assignGuestPass({ givenName: 'G', lastName: 'L', passNumber: '123', validDate: '2026-11-23', expirationDate: '2026-11-23' });
    await api.temporaryPassActivation({ status: 'active', passNumber: '9' });
    expect(calls[0]?.url).toBe('http://s/api/smartcards/temporary/availability/guest/00042');
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ passNumber: '00007' });
    expect(JSON.parse(calls[2]?.body ?? '')).toMatchObject({ passNumber: '00123' });
    expect(JSON.parse(calls[3]?.body ?? '')).toEqual({ status: 'active', passNumber: '00009' });
  });

  it('should post the smartcard request and the batch print as given', async () => {
    const { api, calls } = client();
    await api.batchPrintTemporaryPasses({ quantity: 2, cardType: 'guest' });
    await api.smartcardRequest({ selectAll: true, inclusionList: [], exclusionList: [], bulkInclusionList: [], options: {} });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST http://s/api/smartcards/temporary/batch/print', 'POST http://s/api/dps/smartcard-request']);
  });
});
