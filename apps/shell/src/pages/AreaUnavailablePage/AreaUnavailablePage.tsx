import { Text } from '@primer/react';
import type { Area } from '@tessera/domain';
import { PageLayout } from '@tessera/ui';
import { AREA_LABELS } from '../../navigation/buildNavigation';
import { TEXTS } from '../../texts';

/** Props of {@link AreaUnavailablePage}. */
export interface AreaUnavailablePageProps {
  area: Area;
}

/** Shown on a route of the table whose area has no app yet (root-config mounts nothing there). */
export function AreaUnavailablePage({ area }: AreaUnavailablePageProps) {
  return (
    <PageLayout title={AREA_LABELS[area] ?? area}>
      <Text as="p">{TEXTS.areaUnavailable}</Text>
    </PageLayout>
  );
}
