/** TypeBox schemas of the device and ipam calls (issue 13; docs/api.md "Devices"). */
import { Type } from '@sinclair/typebox';
import { MultilineString, PageOf, PageQueryFields, SafeString, Uuid } from '../platform/schemas';

const Text = (maxLength: number) => Type.Optional(SafeString({ maxLength }));

/** Fields of a device as sent. */
const DeviceFields = {
  hostname: SafeString({ minLength: 1, maxLength: 253 }),
  serialNumber: Text(100),
  deviceType: Text(100),
  description: Text(1000),
  ipAddress: Text(15),
  macAddress: Text(17),
};

/** A device. */
export const DeviceSchema = Type.Object({
  id: Type.String(),
  hostname: Type.String(),
  serialNumber: Type.String(),
  deviceType: Type.String(),
  description: Type.String(),
  ipAddress: Type.String(),
  macAddress: Type.String(),
  subnetId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** `GET Devices` query. */
export const DevicesQuery = Type.Object({ ...PageQueryFields, subnetId: Type.Optional(Uuid()) }, { additionalProperties: false });
/** A page of devices. */
export const DevicePageSchema = PageOf(DeviceSchema);
/** `POST Device`. */
export const CreateDeviceSchema = Type.Object(DeviceFields, { additionalProperties: false });
/** `PUT Device`. */
export const UpdateDeviceSchema = Type.Object({ id: Uuid(), ...DeviceFields }, { additionalProperties: false });
/** `POST CloneDevice`. */
export const CloneDeviceSchema = Type.Object({ id: Uuid(), hostname: DeviceFields.hostname, ipAddress: DeviceFields.ipAddress }, { additionalProperties: false });
/** `POST DevicesBatch`: the CSV text (header row first). */
export const DevicesBatchSchema = Type.Object({ csv: MultilineString({ minLength: 1, maxLength: 900_000 }) }, { additionalProperties: false });
/** CSV upload stats. */
export const CsvUploadStatsSchema = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() })),
});

/** A subnet. */
export const SubnetSchema = Type.Object({
  id: Type.String(),
  cidr: Type.String(),
  name: Type.String(),
  description: Type.String(),
  network: Type.String(),
  last: Type.String(),
  size: Type.Number(),
  used: Type.Integer(),
  createdAt: Type.String(),
});
/** `POST Subnet`. */
export const CreateSubnetSchema = Type.Object({ cidr: SafeString({ minLength: 1, maxLength: 18 }), name: Text(100), description: Text(1000) }, { additionalProperties: false });
/** `{id}` path. */
export const IdParams = Type.Object({ id: Uuid() });
/** `GET SubnetIps`. */
export const SubnetIpsSchema = Type.Object({
  subnet: SubnetSchema,
  addresses: Type.Array(Type.Object({ ipAddress: Type.String(), deviceId: Type.String(), hostname: Type.String() })),
});
