export * from './CardTemplateForm';
