/** Uploads on the file-system storage driver (the suite is helpers/upload-suite.ts; S3: upload-s3.test.ts). */
import { serverTest } from './helpers/fixtures.js';
import { describeUploads } from './helpers/upload-suite.js';

describeUploads('fs', serverTest({ UPLOAD_MAX_BYTES: '4096' }));
