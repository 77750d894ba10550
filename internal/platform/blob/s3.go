package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"shop/internal/platform/config"
)

// S3 keeps objects in a bucket of S3 or an S3-compatible store (MinIO, Ceph, R2, ...).
type S3 struct {
	client *s3.Client
	bucket string
}

// The object store's time-outs: connecting, and waiting for the answer once the request is
// sent (the upload's own transfer is not counted), for each of S3Attempts tries. An upload to
// an unreachable store fails within about S3Attempts x S3AnswerTimeout.
const (
	S3DialTimeout   = 3 * time.Second
	S3AnswerTimeout = 5 * time.Second
	S3Attempts      = 2
)

// NewS3 is a store on the configured bucket.
func NewS3(c config.S3Config) *S3 {
	cfg := aws.Config{
		Region:      c.Region,
		Credentials: credentials.NewStaticCredentialsProvider(c.AccessKey, c.SecretKey, ""),
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if c.Endpoint != "" {
			o.BaseEndpoint = aws.String(c.Endpoint)
		}
		o.UsePathStyle = c.PathStyle
		// An unreachable store must fail an upload within seconds (503), not hold the request:
		// the SDK's client waits for an answer without end, and tries three times.
		o.HTTPClient = awshttp.NewBuildableClient().
			WithDialerOptions(func(d *net.Dialer) { d.Timeout = S3DialTimeout }).
			WithTransportOptions(func(t *http.Transport) { t.ResponseHeaderTimeout = S3AnswerTimeout })
		o.RetryMaxAttempts = S3Attempts
		// S3-compatible stores differ in checksum support; ask for checksums only where required.
		o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &S3{client: client, bucket: c.Bucket}
}

// Put uploads the object, replacing what was there.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if _, ok := CleanKey(key); !ok {
		return fmt.Errorf("blob: bad key %q", key)
	}
	// The SDK signs the payload and so needs a seekable body; objects here are small
	// (images, price lists up to 10 MB), so buffer a stream that cannot seek.
	body, ok := r.(io.ReadSeeker)
	if !ok {
		buf, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
		size = int64(len(buf))
	}
	in := &s3.PutObjectInput{Bucket: &s.bucket, Key: &key, Body: body}
	if size >= 0 {
		in.ContentLength = aws.Int64(size)
	}
	if contentType != "" {
		in.ContentType = &contentType
	}
	_, err := s.client.PutObject(ctx, in)
	return err
}

// Open downloads the object.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		if isNotFound(err) {
			return nil, Info{}, ErrNotFound
		}
		return nil, Info{}, err
	}
	info := Info{Size: aws.ToInt64(out.ContentLength), ContentType: aws.ToString(out.ContentType)}
	if out.LastModified != nil {
		info.ModTime = *out.LastModified
	}
	return out.Body, info, nil
}

// Delete removes the object.
func (s *S3) Delete(ctx context.Context, key string) error {
	_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil && !isNotFound(err) {
		return err
	}
	return nil
}

// Ping tells whether the bucket answers.
func (s *S3) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &s.bucket})
	return err
}

// EnsureBucket creates the bucket when it does not exist (first start against a new store).
func (s *S3) EnsureBucket(ctx context.Context) error {
	if err := s.Ping(ctx); err == nil {
		return nil
	}
	_, err := s.client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: &s.bucket})
	var owned *s3types.BucketAlreadyOwnedByYou
	if errors.As(err, &owned) {
		return nil
	}
	return err
}

func isNotFound(err error) bool {
	var nsk *s3types.NoSuchKey
	var nf *s3types.NotFound
	if errors.As(err, &nsk) || errors.As(err, &nf) {
		return true
	}
	var api smithy.APIError
	return errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound")
}
