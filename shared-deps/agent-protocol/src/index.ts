/**
 * @tessera/agent-protocol: the gRPC service between the agent and the server's agent hub, defined
 * once in `proto/agent.proto`, the TypeScript shapes of its messages, the typed map of its calls
 * (method → parameters and result) and the one union of the agent's error codes. Node only (server, agent).
 */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export { AGENT_CALL_TIMEOUT_MS, AGENT_METHODS, PRINT_JOB_MAX_BASE64, TRANSMIT_MAX_APDU_BYTES, TRANSMIT_MAX_COMMANDS, isAgentMethod, parseAgentParams } from './calls';
export type { AgentCalls, AgentMethod, AgentParams, AgentPrinter, AgentResult, NoParams, TransmitCommand } from './calls';
export { AGENT_ERROR_CODES, AgentProtocolError, isAgentErrorCode } from './errors';
export type { AgentErrorCode } from './errors';
/** The reader type lives once, in the domain (the console shows it too); re-exported for Node callers. */
export type { CardReader } from '@tessera/domain';

/** Path of the .proto file. */
export const AGENT_PROTO_PATH: string = path.join(__dirname, '..', 'proto', 'agent.proto');

/** Metadata key carrying `Bearer <agent token>`. */
export const AGENT_TOKEN_METADATA = 'authorization';

/** gRPC status details the hub uses when it refuses a stream. */
export const AGENT_TOKEN_REFUSED = 'agent token refused';

/** Agent → server. */
export interface AgentMessage {
  hello?: { agentVersion: string; backend: string; hostname: string };
  reply?: AgentReply;
  event?: AgentEvent;
}

/** The answer to one request. */
export interface AgentReply {
  id: string;
  ok: boolean;
  json: string;
  errorCode: string;
  errorMessage: string;
}

/** A reader/card event or progress. */
export interface AgentEvent {
  type: string;
  readerName: string;
  json: string;
}

/** Server → agent. */
export interface ServerMessage {
  request?: AgentRequest;
  goodbye?: { reason: string };
  welcome?: { agentId: string; resumeToken: string };
}

/** One call for the agent. */
export interface AgentRequest {
  id: string;
  method: string;
  json: string;
}

/** The AgentHub service definition and a client constructor. */
export interface AgentHubDefinition {
  service: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
}

let cached: AgentHubDefinition | undefined;

/** Loads the service from the .proto (camelCase fields, oneof names kept). */
export function loadAgentHub(): AgentHubDefinition {
  if (cached) return cached;
  const packageDefinition = protoLoader.loadSync(AGENT_PROTO_PATH, { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true });
  const loaded = grpc.loadPackageDefinition(packageDefinition) as unknown as { tessera: { agent: { v1: { AgentHub: grpc.ServiceClientConstructor } } } };
  const Client = loaded.tessera.agent.v1.AgentHub;
  cached = { service: Client.service, Client };
  return cached;
}
