/// The OpenAPI 3.1 description served at `/openapi.yaml`; `OpenAPITests` fails when a route is missing here.
enum OpenAPIDocument {
    static let yaml = """
        openapi: 3.1.0
        info:
          title: Legible server
          version: \(LegibleServerVersion.current)
          description: |
            On-box serial-number OCR and PDF form detection/filling.
            Every error answers with {"error": {"code", "message", "statusCode"}}.
            429 RATE_LIMIT_EXCEEDED also means "busy": too many /process-serial requests in progress, or a full
            job queue; retry after Retry-After seconds.
            Key-protected routes take X-API-Key or Authorization: Bearer (when keys are configured) and answer
            with X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds); 429 adds Retry-After.
            Dates are ISO 8601 (UTC).
        security:
          - apiKey: []
          - bearer: []
        paths:
          /health:
            get:
              summary: Liveness, version, recogniser pool and queue depth
              security: []
              responses:
                "200":
                  description: Server state
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Health"}
          /openapi.yaml:
            get:
              summary: This document
              security: []
              responses:
                "200": {description: OpenAPI 3.1 YAML}
          /scan:
            post:
              summary: Queue a serial scan of a photo
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {$ref: "#/components/schemas/ScanUpload"}
              responses:
                "202":
                  description: Job queued
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ScanSubmitted"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/Error"}
          /result/{job_id}:
            parameters:
              - {name: job_id, in: path, required: true, schema: {type: string, format: uuid}}
            get:
              summary: Status, progress and results of a scan job
              responses:
                "200":
                  description: The job
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ScanJob"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
            delete:
              summary: Delete a scan job and its image (a running job is stopped)
              responses:
                "204": {description: Deleted}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
          /result/{job_id}/cancel:
            parameters:
              - {name: job_id, in: path, required: true, schema: {type: string, format: uuid}}
            post:
              summary: Cancel a scan job (pending at once; processing when its worker next checks)
              responses:
                "200":
                  description: The job after the request
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ScanJob"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
          /jobs:
            get:
              summary: The caller's scan jobs, newest first
              parameters:
                - {name: status, in: query, schema: {$ref: "#/components/schemas/ScanStatus"}}
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 500, default: 50}}
              responses:
                "200":
                  description: Jobs
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [jobs, total]
                        properties:
                          jobs: {type: array, items: {$ref: "#/components/schemas/ScanJob"}}
                          total: {type: integer}
          /process-serial:
            post:
              summary: Read a serial synchronously
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {$ref: "#/components/schemas/ScanUpload"}
              responses:
                "200":
                  description: Results (at least one candidate)
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ScanResults"}
                "400": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422":
                  description: "NO_SERIAL_FOUND when no serial was read (the reason in message); UNPROCESSABLE_ENTITY when the image cannot be decoded"
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Error"}
                "429": {$ref: "#/components/responses/Error"}
                "503": {$ref: "#/components/responses/Error"}
          /api/v1/documents/init-upload:
            post:
              summary: Upload a PDF or an image (an image becomes a one-page document)
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file]
                      properties:
                        file: {type: string, format: binary}
              responses:
                "201":
                  description: Stored
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [documentId]
                        properties:
                          documentId: {type: string, format: uuid}
                "400": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
          /api/v1/documents/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
            get:
              summary: Document, components and field map
              responses:
                "200":
                  description: Detail
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DocumentDetail"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
            delete:
              summary: Delete a document and its files
              responses:
                "204": {description: Deleted}
                "404": {$ref: "#/components/responses/Error"}
          /api/v1/documents/{id}/process:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
            post:
              summary: Detect fields (a job; status processing, then ready or failed)
              responses:
                "202":
                  description: Job queued
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DocumentJob"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
          /api/v1/documents/{id}/values:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
            post:
              summary: Store values for detected regions (all or nothing)
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [values]
                      properties:
                        values:
                          type: array
                          maxItems: 5000
                          items:
                            type: object
                            required: [fieldRegionId, value]
                            properties:
                              fieldRegionId: {type: string, format: uuid}
                              value: {type: string, maxLength: 10000}
                              source: {type: string, enum: [manual, autofill, ai], default: manual}
              responses:
                "200":
                  description: Every stored value of the document
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [documentId, values]
                        properties:
                          documentId: {type: string, format: uuid}
                          values:
                            type: array
                            items:
                              type: object
                              properties:
                                fieldRegionId: {type: string, format: uuid}
                                value: {type: string}
                                source: {type: string, enum: [manual, autofill, ai]}
                                updatedAt: {type: string, format: date-time}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
          /api/v1/documents/{id}/compose:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
            post:
              summary: Compose the filled PDF (a job; status filling, then filled or failed)
              description: Of concurrent compose calls on one document one is accepted; the others get 409.
              responses:
                "202":
                  description: Job queued
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DocumentJob"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
          /api/v1/documents/{id}/download:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
              - {name: expiresIn, in: query, schema: {type: integer, minimum: 60, maximum: 86400, default: 3600}}
            get:
              summary: A signed, expiring link to the filled PDF
              responses:
                "200":
                  description: Link
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [filledPdfUrl]
                        properties:
                          filledPdfUrl: {type: string, format: uri}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
          /files/documents/{id}/filled.pdf:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
              - {name: expires, in: query, required: true, schema: {type: integer}}
              - {name: signature, in: query, required: true, schema: {type: string}}
            get:
              summary: The filled PDF (the signed link from download; no API key)
              security: []
              responses:
                "200":
                  description: PDF
                  content:
                    application/pdf: {}
                "403": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
        components:
          securitySchemes:
            apiKey: {type: apiKey, in: header, name: X-API-Key}
            bearer: {type: http, scheme: bearer}
          responses:
            Error:
              description: Error envelope
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Error"}
          schemas:
            Error:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [code, message, statusCode]
                  properties:
                    code:
                      type: string
                      examples: [VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMIT_EXCEEDED,
                        PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, UNPROCESSABLE_ENTITY, METHOD_NOT_ALLOWED,
                        SERVICE_UNAVAILABLE, INTERNAL_ERROR, NO_SERIAL_FOUND]
                    message: {type: string}
                    statusCode: {type: integer}
            Health:
              type: object
              required: [status, version, pool_size, busy_count, queue_depth]
              properties:
                status: {type: string, enum: [ok, degraded]}
                version: {type: string}
                tesseract_version: {type: [string, "null"]}
                pool_size: {type: integer}
                busy_count: {type: integer}
                queue_depth: {type: integer}
                workers: {type: integer}
                workers_busy: {type: integer, description: "job workers of this instance running a job now"}
                longest_job_seconds: {type: number, description: "how long this instance's longest-running job has run"}
                uptime_seconds: {type: integer}
                line_reader:
                  type: [string, "null"]
                  enum: [legible, tesseract, null]
                  description: "What reads scan lines; tesseract when Legible's reader could not load its models"
            ScanUpload:
              type: object
              required: [image, device_type]
              properties:
                image:
                  type: string
                  format: binary
                  description: "JPEG, HEIC, PNG, TIFF, WebP, BMP, GIF or PNM (sniffed)"
                device_type: {type: string, enum: [macbook, iphone, ipad, other]}
                preset: {type: string, enum: [etched, screen, sticker, auto], description: auto when absent}
            ScanSubmitted:
              type: object
              required: [job_id, status, message, estimated_time, check_status_url]
              properties:
                job_id: {type: string, format: uuid}
                status: {type: string, const: submitted}
                message: {type: string}
                estimated_time: {type: string, example: "1-3 seconds", description: "expected wait, for a person"}
                check_status_url: {type: string}
            ScanStatus:
              type: string
              enum: [pending, processing, completed, failed, cancelled]
            SerialCandidate:
              type: object
              required: [serial, confidence]
              properties:
                serial: {type: string}
                confidence: {type: number, minimum: 0, maximum: 1}
                sources:
                  type: array
                  items: {type: string, enum: [ocr, barcode]}
                  description: "where the serial was read: printed or engraved text, a barcode or QR code, or both"
            ScanResults:
              type: object
              required: [serials, top_result, total_detected, processing_time]
              properties:
                serials: {type: array, items: {$ref: "#/components/schemas/SerialCandidate"}, minItems: 1}
                top_result: {$ref: "#/components/schemas/SerialCandidate"}
                total_detected: {type: integer, minimum: 1}
                processing_time: {type: number, description: seconds}
                rotation:
                  type: integer
                  enum: [0, 90, 180, 270]
                  description: "clockwise degrees the photo was turned to read the answer (a sideways photo: 90 or 270)"
            ScanJob:
              type: object
              required: [job_id, status, progress, message, created_at, updated_at, results, error]
              properties:
                job_id: {type: string, format: uuid}
                status: {$ref: "#/components/schemas/ScanStatus"}
                progress: {type: integer, minimum: 0, maximum: 100}
                message: {type: string}
                created_at: {type: string, format: date-time}
                updated_at: {type: string, format: date-time}
                results:
                  description: "null until completed, and when the scan read no serial (the reason is in message)"
                  oneOf:
                    - {$ref: "#/components/schemas/ScanResults"}
                    - {type: "null"}
                error: {type: [string, "null"]}
            DocumentStatus:
              type: string
              enum: [imported, processing, ready, filling, filled, failed]
            DocumentJob:
              type: object
              required: [documentId, status, jobId]
              properties:
                documentId: {type: string, format: uuid}
                status: {$ref: "#/components/schemas/DocumentStatus"}
                jobId: {type: string, format: uuid}
            FieldType:
              type: string
              enum: [text, multiline, checkbox, date, number, signature, unknown]
            DocumentDetail:
              type: object
              required: [document, components, fieldMap]
              properties:
                document:
                  type: object
                  required: [id, fileName, mimeType, status, pageCount, createdAt, updatedAt]
                  properties:
                    id: {type: string, format: uuid}
                    fileName: {type: string}
                    mimeType: {type: string}
                    status: {$ref: "#/components/schemas/DocumentStatus"}
                    pageCount: {type: integer, description: 0 for a PDF not yet processed when the engine is absent}
                    createdAt: {type: string, format: date-time}
                    updatedAt: {type: string, format: date-time}
                    error: {type: [string, "null"]}
                components:
                  type: array
                  items:
                    type: object
                    required: [id, fieldId, type, label, placeholder, pageIndex]
                    properties:
                      id: {type: string, format: uuid}
                      fieldId: {type: string, format: uuid, description: key into fieldMap}
                      type: {$ref: "#/components/schemas/FieldType"}
                      label: {type: string}
                      placeholder: {type: string}
                      pageIndex: {type: integer}
                fieldMap:
                  type: object
                  additionalProperties:
                    type: object
                    required: [id, pageIndex, x, y, width, height, fieldType, label, confidence]
                    description: PDF points, origin at the page's top-left
                    properties:
                      id: {type: string, format: uuid}
                      pageIndex: {type: integer}
                      x: {type: number}
                      y: {type: number}
                      width: {type: number}
                      height: {type: number}
                      fieldType: {$ref: "#/components/schemas/FieldType"}
                      label: {type: string}
                      confidence: {type: number, minimum: 0, maximum: 1}

        """
}
