/** Issue 13: device certificate endpoints and the certificate endpoint map (docs/api.md "Device certificate endpoints"). */
import type { DeviceEndpoint, DeviceEndpointInput, Page } from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';
const CERTS = '/api2/Certificates-v1';

/** The device endpoint calls. */
export interface DeviceEndpointsCalls {
  /** `GET /api2/IDM-v1/DeviceEndpoints?deviceId` (deviceView): a device's certificate endpoints. */
  listDeviceEndpoints(deviceId: string): Promise<DeviceEndpoint[]>;
  /** `POST /api2/IDM-v1/DeviceEndpoint` (deviceEdit): VALIDATION field host/port/serverName; CONFLICT field host for the same host and port. */
  createDeviceEndpoint(request: DeviceEndpointInput & { deviceId: string }): Promise<DeviceEndpoint>;
  /** `PUT /api2/IDM-v1/DeviceEndpoint` (deviceEdit). */
  updateDeviceEndpoint(request: DeviceEndpointInput & { id: string }): Promise<DeviceEndpoint>;
  /** `DELETE /api2/IDM-v1/DeviceEndpoint/{id}` (deviceEdit). */
  deleteDeviceEndpoint(id: string): Promise<void>;
  /** `POST /api2/IDM-v1/ScanDeviceEndpoint` (deviceEdit): one TLS handshake; answers the endpoint with what it saw. */
  scanDeviceEndpoint(id: string): Promise<DeviceEndpoint>;
  /** `GET /api2/IDM-v1/DeviceEndpointMap?skip&take&search&sort&order` (deviceView): the tenant's endpoints with their certificate status. */
  deviceEndpointMap(query?: { skip?: number; take?: number; search?: string; sort?: 'host' | 'device' | 'notAfter' | 'lastScanAt'; order?: 'asc' | 'desc' }): Promise<Page<DeviceEndpoint>>;
  /** `GET /api2/Certificates-v1/CertificateEndpoints?certId` (certView): where a certificate was last seen. */
  certificateEndpoints(certId: string): Promise<DeviceEndpoint[]>;
}

/** Binds the device endpoint calls to a transport. */
export function deviceEndpointsCalls(send: HttpSend): DeviceEndpointsCalls {
  return {
    listDeviceEndpoints: (deviceId) => send({ method: 'GET', path: `${IDM}/DeviceEndpoints`, query: { deviceId } }),
    createDeviceEndpoint: (request) => send({ method: 'POST', path: `${IDM}/DeviceEndpoint`, body: request }),
    updateDeviceEndpoint: (request) => send({ method: 'PUT', path: `${IDM}/DeviceEndpoint`, body: request }),
    deleteDeviceEndpoint: (id) => send({ method: 'DELETE', path: `${IDM}/DeviceEndpoint/${encodeURIComponent(id)}` }),
    scanDeviceEndpoint: (id) => send({ method: 'POST', path: `${IDM}/ScanDeviceEndpoint`, body: { id } }),
    deviceEndpointMap: (query = {}) => send({ method: 'GET', path: `${IDM}/DeviceEndpointMap`, query: { ...query } }),
    certificateEndpoints: (certId) => send({ method: 'GET', path: `${CERTS}/CertificateEndpoints`, query: { certId } }),
  };
}
