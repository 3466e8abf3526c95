/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { UserPhoto } from './UserPhoto';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const THUMB = 'data:image/jpeg;base64,/9j/4AAQ';

describe('UserPhoto', () => {
  beforeAll(installMatchMedia);

  it('should show the stored thumbnail of a user with a photo', async () => {
    const api = fakeApi();
    api.getUserPhoto.mockResolvedValue({ userId: 'u-1', thumbnail: THUMB, updatedAt: '2026-01-01T00:00:00.000Z' });
    renderWithStore(<UserPhoto userId="u-1" name="alice" hasPhoto canEdit={false} />, { api });
    expect((await screen.findByRole('img', { name: 'Photo of alice' })).getAttribute('src')).toBe(THUMB);
    expect(screen.queryByLabelText('Upload photo')).toBeNull();
  });

  it('should upload a PNG as a data URL and show the thumbnail the server made', async () => {
    const api = fakeApi();
    api.setUserPhoto.mockResolvedValue({ userId: 'u-1', thumbnail: THUMB, updatedAt: '2026-01-01T00:00:00.000Z' });
    const { bus } = renderWithStore(<UserPhoto userId="u-1" name="alice" hasPhoto={false} canEdit />, { api });
    expect(screen.getByText('No photo')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Upload photo'), new File([new Uint8Array([...PNG_HEADER, 1, 2, 3])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(api.setUserPhoto).toHaveBeenCalledWith({ userId: 'u-1', image: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGg/) }));
    expect((await screen.findByRole('img', { name: 'Photo of alice' })).getAttribute('src')).toBe(THUMB);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: 'The photo was saved' });
    expect(api.getUserPhoto).not.toHaveBeenCalled();
  });

  it('should refuse a PNG whose bytes are not a PNG with "Image file is corrupt." and send nothing', async () => {
    const api = fakeApi();
    renderWithStore(<UserPhoto userId="u-1" name="alice" hasPhoto={false} canEdit />, { api });
    await userEvent.upload(screen.getByLabelText('Upload photo'), new File([new Uint8Array([1, 2, 3, 4])], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Image file is corrupt.');
    expect(api.setUserPhoto).not.toHaveBeenCalled();
  });

  it('should show the server refusal', async () => {
    const api = fakeApi();
    api.setUserPhoto.mockRejectedValue(apiError('VALIDATION', 'Image file is corrupt.', { field: 'image' }));
    renderWithStore(<UserPhoto userId="u-1" name="alice" hasPhoto={false} canEdit />, { api });
    await userEvent.upload(screen.getByLabelText('Upload photo'), new File([new Uint8Array([...PNG_HEADER, 9])], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Image file is corrupt.');
  });
});
