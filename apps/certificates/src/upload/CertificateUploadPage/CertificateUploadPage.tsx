import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Heading, Text, Textarea } from '@primer/react';
import { FormError, PageLayout, TextField, navigate } from '@tessera/ui';
import { uploadActions, uploadSelectors } from '../upload.slice';

/** Which upload route the page answers. */
export type UploadKind = 'certificate' | 'le';

/**
 * `/credentials/certificates/upload` [certUpload] and `/credentials/certificates/le/upload` [uploadLECert]: an
 * existing certificate (PEM, or base64 DER) stored as `issued_out_of_band`, linked to its CA when one of the
 * tenant's CAs signed it; such a certificate opens once stored, another CA's is confirmed on the page. The server
 * names the field it refuses. `embedded`: a section of another page (le/upload's ACME page) rather than a page.
 */
export function CertificateUploadPage({ kind, embedded = false }: { kind: UploadKind; embedded?: boolean }) {
  const dispatch = useDispatch();
  const { submitting, uploaded, error } = useSelector(uploadSelectors.select);
  const [certificate, setCertificate] = useState('');
  const [friendlyName, setFriendlyName] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    dispatch(uploadActions.cleared());
  }, [dispatch, kind]);
  useEffect(() => {
    // A certificate one of the tenant's CAs signed has a certificate page; another CA's is only stored.
    if (uploaded && uploaded.caId !== '') navigate(`/credentials/certificates/view/${uploaded.certId}`);
  }, [uploaded]);
  const title = kind === 'le' ? "Upload a Let's Encrypt certificate" : 'Upload a certificate';
  const missing = touched && certificate.trim() === '' ? 'Paste the PEM of a certificate or choose its file' : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const certificateError = missing ?? fieldError('certificate');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (certificate.trim() === '' || submitting) return;
    dispatch(uploadActions.uploadRequested({ certificate, ...(friendlyName.trim() ? { friendlyName: friendlyName.trim() } : {}) }));
  };
  const content = (
    <>
      {uploaded && uploaded.caId === '' ? (
        <Flash variant="success" role="status" aria-label="Uploaded certificate" style={{ marginBottom: 16 }}>
          Stored {uploaded.subject} (serial {uploaded.serialNumber}) as {uploaded.status}. It was not signed by one of your certificate authorities.
        </Flash>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={title} style={{ maxWidth: 820 }}>
        <FormError>{error && !['certificate', 'friendlyName'].includes(error.field ?? '') ? error.message : null}</FormError>
        <label htmlFor="upload-file" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
          Certificate file
        </label>
        <input
          id="upload-file"
          type="file"
          accept=".pem,.crt,.cer,.der"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const reader = new FileReader();
            reader.onload = () => {
              const bytes = new Uint8Array(reader.result as ArrayBuffer);
              const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
              // A PEM file (ASCII) is sent as it is; a DER file as base64 (the server takes both).
              setCertificate(binary.includes('-----BEGIN') ? binary : btoa(binary));
            };
            reader.readAsArrayBuffer(file);
          }}
          style={{ marginBottom: 16 }}
        />
        <label htmlFor="upload-pem" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
          Certificate (PEM or base64 DER)
        </label>
        <Textarea id="upload-pem" value={certificate} onChange={(e) => setCertificate(e.target.value)} rows={10} block style={{ fontFamily: 'monospace' }} aria-invalid={Boolean(certificateError)} placeholder="-----BEGIN CERTIFICATE-----" />
        {certificateError ? (
          <Text as="p" size="small" role="alert" style={{ color: 'var(--fgColor-danger)', marginTop: 4 }}>
            {certificateError}
          </Text>
        ) : null}
        <div style={{ marginTop: 16 }}>
          <TextField label="Friendly name" name="friendlyName" value={friendlyName} error={fieldError('friendlyName')} onChange={(e) => setFriendlyName(e.target.value)} />
        </div>
        <Button type="submit" variant="primary" loading={submitting}>
          Upload
        </Button>
      </form>
    </>
  );
  if (!embedded) return <PageLayout title={title}>{content}</PageLayout>;
  return (
    <section aria-labelledby="upload-heading">
      <Heading as="h2" id="upload-heading" style={{ fontSize: 20, marginBottom: 8 }}>
        Or upload an existing certificate
      </Heading>
      {content}
    </section>
  );
}
