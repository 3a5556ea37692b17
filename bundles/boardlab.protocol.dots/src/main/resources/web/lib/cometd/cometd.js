/*
 * Copyright (c) 2008 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// Export main APIs.
export * from "./Client.js";

// Export extensions to applications that want to
// instantiate them, and/or implement custom ones.
export * from "./Extension.js"
export * from "./AckExtension.js"
export * from "./BinaryExtension.js"
export * from "./ReloadExtension.js"
export * from "./TimeStampExtension.js"
export * from "./TimeSyncExtension.js"

// Export transports to application that want
// to instantiate them explicitly, and/or
// extend them, and/or implement custom ones.
export * from "./Transport.js"
export * from "./RequestTransport.js"
export * from "./CallbackPollingTransport.js"
export * from "./LongPollingTransport.js"
export * from "./WebSocketTransport.js"
