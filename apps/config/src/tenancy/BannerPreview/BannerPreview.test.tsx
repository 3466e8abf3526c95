/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { BannerPreview } from './BannerPreview';

describe('BannerPreview', () => {
  it('should draw the strip in a valid colour', () => {
    render(<BannerPreview colour="#AA3300" />);
    const preview = screen.getByRole('img', { name: 'Banner preview: #aa3300' });
    expect(preview.getAttribute('data-state')).toBe('colour');
    expect(screen.getByTestId('banner-preview-strip').style.background).toBe('rgb(170, 51, 0)');
  });

  it.each([
    ['', 'No banner', 'none'],
    ['red', 'Not a colour #rrggbb', 'invalid'],
  ])('should draw no strip for %j', (colour, label, state) => {
    render(<BannerPreview colour={colour} />);
    expect(screen.getByRole('img', { name: `Banner preview: ${label}` }).getAttribute('data-state')).toBe(state);
    expect(screen.getByTestId('banner-preview-strip').style.background).toBe('transparent');
  });

  it('should pass className and extra props to the root', () => {
    render(<BannerPreview colour="" className="extra" data-extra="yes" />);
    const root = screen.getByRole('img');
    expect(root.className).toBe('extra');
    expect(root.getAttribute('data-extra')).toBe('yes');
  });
});
