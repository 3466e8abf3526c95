import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type PkiEpic } from '../epic';
import { templatesActions as A } from './templates.slice';

/** GET CertificateTemplates when the template list or editor is shown. */
export const listTemplatesEpic: PkiEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listCertificateTemplates()).pipe(
        map((answer) => A.listed(answer.templates)),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST (new) or PUT (existing) CertificateTemplate; a toast either way, the refusal keeps the field it names. */
export const saveTemplateEpic: PkiEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) => {
      const { templateId, input } = (action as ReturnType<typeof A.saveRequested>).payload;
      return from(templateId ? api.updateCertificateTemplate({ ...input, templateId }) : api.createCertificateTemplate(input)).pipe(
        tap((template) => bus.showToast({ type: 'success', title: PKI_MESSAGES.TEMPLATE_SAVED, message: template.templateName })),
        map((template) => A.saved(template)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The template was not saved', message: failure.message });
          return of(A.saveFailed(failure));
        }),
      );
    }),
  );
