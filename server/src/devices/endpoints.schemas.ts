/** TypeBox schemas of the device certificate endpoint calls (issue 13; docs/api.md "Device certificate endpoints"). */
import { Type } from '@sinclair/typebox';
import { ENDPOINT_CERTIFICATE_STATUSES } from '@tessera/domain';
import { PageOf, PageQueryFields, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

/** Fields of an endpoint as sent (the rules of `endpointInputProblem` run in the service, naming the field). */
const EndpointFields = {
  host: SafeString({ minLength: 1, maxLength: 253 }),
  port: Type.Integer({ description: '1–65535 (checked by endpointInputProblem, naming the field)' }),
  serverName: Type.Optional(SafeString({ maxLength: 253 })),
  label: Type.Optional(SafeString({ maxLength: 100 })),
};

/** A certificate endpoint of a device. */
export const DeviceEndpointSchema = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  deviceHostname: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  serverName: Type.String(),
  label: Type.String(),
  lastScanAt: Type.Union([Type.String(), Type.Null()]),
  lastScanError: Type.Union([Type.String(), Type.Null()]),
  certificate: Type.Union([
    Type.Object({
      fingerprint: Type.String(),
      serialNumber: Type.String(),
      issuer: Type.String(),
      subject: Type.String(),
      notAfter: Type.String(),
      certId: Type.Union([Type.String(), Type.Null()]),
      tesseraStatus: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  status: StringEnum(ENDPOINT_CERTIFICATE_STATUSES),
  createdAt: Type.String(),
});

/** `?deviceId`. */
export const DeviceIdQuery = Type.Object({ deviceId: Uuid() }, { additionalProperties: false });
/** `POST DeviceEndpoint`. */
export const CreateEndpointSchema = Type.Object({ deviceId: Uuid(), ...EndpointFields }, { additionalProperties: false });
/** `PUT DeviceEndpoint`. */
export const UpdateEndpointSchema = Type.Object({ id: Uuid(), ...EndpointFields }, { additionalProperties: false });
/** `POST ScanDeviceEndpoint`. */
export const ScanEndpointSchema = Type.Object({ id: Uuid() }, { additionalProperties: false });
/** `GET DeviceEndpointMap`. */
export const EndpointMapQuery = Type.Object(
  { ...PageQueryFields, sort: Type.Optional(StringEnum(['host', 'device', 'notAfter', 'lastScanAt'] as const)), order: Type.Optional(StringEnum(['asc', 'desc'] as const)) },
  { additionalProperties: false },
);
/** A page of endpoints. */
export const EndpointPageSchema = PageOf(DeviceEndpointSchema);
/** `?certId`. */
export const CertIdQuery = Type.Object({ certId: Type.String({ minLength: 3, maxLength: 120, pattern: '^[0-9A-Za-z-]+:[0-9A-Fa-f]{1,40}$', description: '{caId}:{serial hex}' }) }, { additionalProperties: false });
