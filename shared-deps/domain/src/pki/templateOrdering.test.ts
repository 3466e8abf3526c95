import { sortTemplatesByOrdering } from './templateOrdering';

describe('sortTemplatesByOrdering', () => {
  it('should sort by uiOrdering and put templates without an entry last, by name', () => {
    const t = (templateId: string, templateName: string) => ({ templateId, templateName });
    const sorted = sortTemplatesByOrdering([t('a', 'zeta'), t('b', 'beta'), t('c', 'alpha'), t('d', 'delta')], [{ templateId: 'd', uiOrdering: 2 }, { templateId: 'b', uiOrdering: 1 }]);
    expect(sorted.map((x) => x.templateId)).toEqual(['b', 'd', 'c', 'a']);
  });
});
