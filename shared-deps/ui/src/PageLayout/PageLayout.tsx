import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Heading } from '@primer/react';

/** Props of {@link PageLayout}. Extra props go to the `<main>` element. */
export interface PageLayoutProps extends Omit<ComponentPropsWithoutRef<'main'>, 'title'> {
  /** The page title, rendered as the page's one `<h1>`. */
  title: ReactNode;
  /** Page-level actions (buttons, links) shown beside the title. */
  actions?: ReactNode;
  /** Page content. */
  children?: ReactNode;
}

/**
 * The frame of every console page: the `<main>` landmark, its `<h1>` title with optional actions,
 * then the content. Each app renders exactly one PageLayout per page.
 */
export const PageLayout = forwardRef<HTMLElement, PageLayoutProps>(function PageLayout(
  { title, actions, children, style, ...rest },
  ref,
) {
  return (
    <main
      ref={ref}
      style={{ maxWidth: 1280, margin: '0 auto', padding: 'var(--base-size-24, 24px) var(--base-size-16, 16px)', ...style }}
      {...rest}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 'var(--base-size-16, 16px)',
          flexWrap: 'wrap',
          marginBottom: 'var(--base-size-16, 16px)',
        }}
      >
        <Heading as="h1" variant="large">
          {title}
        </Heading>
        {actions ? <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>{actions}</div> : null}
      </div>
      {children}
    </main>
  );
});
