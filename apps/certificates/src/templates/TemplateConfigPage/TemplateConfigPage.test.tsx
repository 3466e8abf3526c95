/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testTemplate } from '../../testing/renderWithStore';
import { TemplateConfigPage } from './TemplateConfigPage';

const names = () => within(screen.getByRole('list', { name: 'Template order' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

describe('TemplateConfigPage', () => {
  beforeAll(() => installMatchMedia());

  it('should show the templates in the server order, move one up and save the ordering entries 1, 2, 3', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({
      templates: [testTemplate({ templateId: 'a', templateName: 'alpha' }), testTemplate({ templateId: 'b', templateName: 'beta' }), testTemplate({ templateId: 'c', templateName: 'gamma' })],
    });
    api.setTemplateOrdering.mockImplementation(async (request: unknown) => request);
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TemplateConfigPage />, { api });
    await screen.findByRole('list', { name: 'Template order' });
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    expect(screen.getByRole('button', { name: 'Save order' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move alpha up' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move gamma up' }));
    expect(names()).toEqual(['alpha', 'gamma', 'beta']);
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The template order was saved.', message: '' }));
    expect(api.setTemplateOrdering).toHaveBeenCalledWith({
      ordering: [
        { templateId: 'a', uiOrdering: 1 },
        { templateId: 'c', uiOrdering: 2 },
        { templateId: 'b', uiOrdering: 3 },
      ],
    });
    expect(screen.getByRole('button', { name: 'Save order' })).toHaveProperty('disabled', true);
  });

  it('should show why the order was not saved and keep the edited order', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates: [testTemplate({ templateId: 'a', templateName: 'alpha' }), testTemplate({ templateId: 'b', templateName: 'beta' })] });
    api.setTemplateOrdering.mockRejectedValue(apiError('FORBIDDEN', 'You do not have permission to do this'));
    const user = userEvent.setup();
    renderWithStore(<TemplateConfigPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Move alpha down' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
    expect(names()).toEqual(['beta', 'alpha']);
  });
});
