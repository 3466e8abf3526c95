import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Label, Text, Textarea } from '@primer/react';
import { PKI_MESSAGES, validateFileSize, type DecodedKind, type DecodedObject } from '@tessera/domain';
import { FormError, PageLayout } from '@tessera/ui';
import { decodeActions, decodeSelectors } from '../decode.slice';

const KIND_TITLES: Record<DecodedKind, string> = {
  certificate: 'Certificate',
  csr: 'Certificate signing request',
  crl: 'Certificate revocation list',
};

/** The base64 of a file's bytes, through the browser's own encoder (a data: URL), not a hand-written one. */
function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** One decoded object: its fields, extensions and (for a CRL) revoked serials. */
function DecodedObjectView({ object, index }: { object: DecodedObject; index: number }) {
  const title = `${index + 1}. ${KIND_TITLES[object.kind]}`;
  return (
    <section aria-label={title} style={{ border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 16, marginBottom: 16 }}>
      <Heading as="h2" variant="small" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {title} <Label>{object.format.toUpperCase()}</Label>
      </Heading>
      <table aria-label={`${title} fields`} cellPadding={4} style={{ borderCollapse: 'collapse', textAlign: 'left', width: '100%' }}>
        <tbody>
          {object.fields.map((field) => (
            <tr key={field.name}>
              <th scope="row" style={{ width: 200, verticalAlign: 'top' }}>
                {field.name}
              </th>
              <td style={{ wordBreak: 'break-all', fontFamily: field.name.includes('fingerprint') || field.name === 'Serial number' ? 'monospace' : undefined }}>{field.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {object.extensions.length > 0 ? (
        <>
          <Heading as="h3" variant="small" style={{ marginTop: 12 }}>
            Extensions
          </Heading>
          <table aria-label={`${title} extensions`} cellPadding={4} style={{ borderCollapse: 'collapse', textAlign: 'left', width: '100%' }}>
            <tbody>
              {object.extensions.map((extension, i) => (
                <tr key={`${extension.oid}-${i}`}>
                  <th scope="row" style={{ width: 200, verticalAlign: 'top' }}>
                    {extension.name}
                    {extension.critical ? <Text size="small" style={{ display: 'block', color: 'var(--fgColor-attention)' }}>critical</Text> : null}
                  </th>
                  <td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{extension.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {object.kind === 'crl' ? (
        <>
          <Heading as="h3" variant="small" style={{ marginTop: 12 }}>
            Revoked certificates
          </Heading>
          {object.revoked.length === 0 ? (
            <Text as="p">None.</Text>
          ) : (
            <table aria-label={`${title} revoked certificates`} cellPadding={4} style={{ borderCollapse: 'collapse', textAlign: 'left' }}>
              <thead>
                <tr>
                  <th>Serial number</th>
                  <th>Revoked</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {object.revoked.map((entry) => (
                  <tr key={entry.serialNumber}>
                    <td style={{ fontFamily: 'monospace' }}>{entry.serialNumber}</td>
                    <td>{new Date(entry.revocationDate).toLocaleString()}</td>
                    <td>{entry.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * `/admin/certificate/decodepem` [pEMView] (admin-console §2.2, §8): paste PEM, hex or base64 text or choose a
 * file (PEM or binary DER, at most 10 MB: signin §5), and read every certificate, CSR and CRL in it.
 */
export function DecodePemPage() {
  const dispatch = useDispatch();
  const { status, objects, error } = useSelector(decodeSelectors.select);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      dispatch(decodeActions.cleared());
    },
    [dispatch],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLocalError(null);
    if (file) {
      const sizeProblem = validateFileSize(file.size);
      if (sizeProblem) {
        setLocalError(sizeProblem);
        return;
      }
      try {
        dispatch(decodeActions.decodeRequested({ content: await readFileBase64(file), encoding: 'base64' }));
      } catch (readError) {
        setLocalError(readError instanceof Error ? readError.message : String(readError));
      }
      return;
    }
    if (text.trim() === '') {
      setLocalError('Paste a certificate, CSR or CRL, or choose a file.');
      return;
    }
    dispatch(decodeActions.decodeRequested({ content: text, encoding: 'text' }));
  };

  return (
    <PageLayout title="Decode PEM">
      <Text as="p" style={{ marginTop: 0 }}>
        Read a certificate, certificate signing request or CRL: paste PEM, hex or base64, or choose a PEM or DER file of up to 10 MB. Nothing is stored.
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} aria-label="Decode" noValidate style={{ maxWidth: 820, marginBottom: 24 }}>
        <FormError>{localError ?? (status === 'failed' ? error : null)}</FormError>
        <label htmlFor="decode-text" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
          PEM, hex or base64
        </label>
        <Textarea
          id="decode-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={10}
          block
          disabled={file !== null}
          style={{ fontFamily: 'monospace' }}
          placeholder="-----BEGIN CERTIFICATE-----"
        />
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '12px 0' }}>
          <label htmlFor="decode-file" style={{ fontWeight: 600 }}>
            Or a file
          </label>
          <input id="decode-file" ref={fileInput} type="file" accept=".pem,.crt,.cer,.der,.csr,.req,.crl,.p10,.txt" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          {file ? (
            <Button
              size="small"
              onClick={() => {
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              Clear file
            </Button>
          ) : null}
        </div>
        <Button type="submit" variant="primary" loading={status === 'decoding'}>
          Decode
        </Button>
      </form>
      {status === 'decoded' ? (
        <div role="region" aria-label="Decoded objects">
          <Text as="p" role="status" style={{ fontWeight: 600 }}>
            {PKI_MESSAGES.DECODE_SUCCESS}: {objects.length} object{objects.length === 1 ? '' : 's'}.
          </Text>
          {objects.map((object, index) => (
            <DecodedObjectView key={index} object={object} index={index} />
          ))}
        </div>
      ) : null}
    </PageLayout>
  );
}
