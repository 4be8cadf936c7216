import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine worker process: reads requests from standard input, runs them on in-process engines and writes
/// the replies to standard output, one at a time, until its input ends.
///
/// Decoding images and opening, rendering, detecting and filling PDFs run here rather than in the server, under
/// limits the kernel enforces: an address-space limit (`RLIMIT_AS`) so a decoder that asks for gigabytes gets
/// an allocation failure, and a CPU-time limit (`RLIMIT_CPU`) raised before each request by that request's
/// allowance, so a document that spins is stopped. A crash, a limit or the server's wall-clock deadline ends
/// this process only; the server answers that request with an error and starts a new worker.
public enum EngineWorker {
    /// Serves requests until standard input closes; returns the process exit code.
    ///
    /// - Parameters:
    ///   - engines: the in-process engines that do the work.
    ///   - memoryLimitBytes: the address-space limit set before the first request; nil for none.
    public static func serve(engines: Engines, memoryLimitBytes: Int?) async -> Int32 {
        // Frames go to a private copy of standard output; anything a library prints goes to standard error.
        let replies = dup(STDOUT_FILENO)
        guard replies >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return 70 }
        if let memoryLimitBytes {
            var limit = rlimit(rlim_cur: rlim_t(memoryLimitBytes), rlim_max: rlim_t(memoryLimitBytes))
            guard setrlimit(resourceAS, &limit) == 0 else { return 71 }
        }
        while true {
            let frame: EngineWorkerFrame?
            do {
                frame = try await runOffCooperativePool { try EngineWorkerFrame.read(from: STDIN_FILENO) }
            } catch {
                return 74
            }
            guard let frame else { return 0 }
            let (reply, payload) = await answer(frame, engines: engines)
            let header = (try? JSONEncoder().encode(reply)) ?? Data(#"{"failure":"other"}"#.utf8)
            do {
                try EngineWorkerFrame(header: header, payload: payload).write(to: replies)
            } catch {
                return 74
            }
        }
    }

    private static func answer(_ frame: EngineWorkerFrame, engines: Engines) async -> (EngineWorkerReply, Data) {
        let request: EngineWorkerRequest
        do {
            request = try JSONDecoder().decode(EngineWorkerRequest.self, from: frame.header)
        } catch {
            return (EngineWorkerReply(error: EngineWorkerFailure(message: "malformed request: \(error)")), Data())
        }
        allowCPU(seconds: request.cpuSeconds)
        let format = request.mimeType.map(DocumentFormat.init(mimeType:)) ?? .pdf
        do {
            switch request.operation {
            case .readSerials:
                let readout = try await engines.serialReader.readSerials(
                    imageData: frame.payload, preset: request.preset ?? .auto, deviceType: request.deviceType ?? .other)
                return (EngineWorkerReply(readout: readout), Data())
            case .inspect:
                let inspection = try await engines.fieldDetector.inspect(documentData: frame.payload, format: format)
                return (EngineWorkerReply(pageCount: inspection.pageCount), Data())
            case .detectFields:
                let layout = try await engines.fieldDetector.detectFields(documentData: frame.payload, format: format)
                return (EngineWorkerReply(layout: layout), Data())
            case .compose:
                guard let layout = request.layout else {
                    throw EngineWorkerFailure(message: "malformed request: compose without a layout")
                }
                let pdf = try await engines.formComposer.compose(
                    documentData: frame.payload, format: format, layout: layout, values: request.values ?? [])
                return (EngineWorkerReply(), pdf)
            }
        } catch {
            return (EngineWorkerReply(error: error), Data())
        }
    }

    /// Lets this request use `seconds` more CPU time than the process has used so far: past that soft limit the
    /// kernel sends SIGXCPU, which ends the process. The hard limit is left alone (an unprivileged process could
    /// not raise it again for the next request).
    private static func allowCPU(seconds: Int) {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
        var limit = rlimit()
        getrlimit(resourceCPU, &limit)
        limit.rlim_cur = min(rlim_t(used + max(1, seconds)), limit.rlim_max)
        setrlimit(resourceCPU, &limit)
    }
}

#if canImport(Glibc)
    private let resourceAS = __rlimit_resource_t(RLIMIT_AS.rawValue)
    private let resourceCPU = __rlimit_resource_t(RLIMIT_CPU.rawValue)
#else
    private let resourceAS = RLIMIT_AS
    private let resourceCPU = RLIMIT_CPU
#endif
