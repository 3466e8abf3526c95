/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { AreaUnavailablePage } from './AreaUnavailablePage';

describe('AreaUnavailablePage', () => {
  it('should name the area and say it is not available yet', () => {
    render(<AreaUnavailablePage area="tickets" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(screen.getByText('This area is not available yet')).toBeTruthy();
  });
});
