# Static website hosting for the docs site: a bucket, a CDN in front of it,
# and DNS records. Networking comes from the shared VPC module.

terraform {
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.40"
    }
  }
}

provider "aws" {
  region = var.region

  default_tags {
    tags = local.common_tags
  }
}

variable "region" {
  description = "AWS region for the bucket and supporting resources."
  type        = string
  default     = "eu-west-1"
}

variable "domain_name" {
  description = "Public host name of the docs site."
  type        = string
}

locals {
  bucket_name = replace(var.domain_name, ".", "-")
  common_tags = {
    project = "docs-site"
    owner   = "platform-team"
  }
}

data "aws_route53_zone" "primary" {
  name         = "example.org."
  private_zone = false
}

module "network" {
  source = "git::https://github.com/example-org/terraform-modules.git//vpc?ref=v2.3.0"

  cidr_block = "10.20.0.0/16"
  az_count   = 2
}

module "log_bucket" {
  source  = "./modules/log-bucket"
  prefix  = local.bucket_name
}

module "alerts" {
  source  = "terraform-aws-modules/sns/aws"
  version = "6.0.1"

  name = "${local.bucket_name}-alerts"
}

resource "aws_s3_bucket" "site" {
  bucket        = local.bucket_name
  force_destroy = false
}

resource "aws_s3_bucket_versioning" "site" {
  bucket = aws_s3_bucket.site.id

  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_cloudfront_distribution" "cdn" {
  enabled             = true
  default_root_object = "index.html"
  aliases             = [var.domain_name]

  origin {
    domain_name = aws_s3_bucket.site.bucket_regional_domain_name
    origin_id   = "site-bucket"
  }

  default_cache_behavior {
    target_origin_id       = "site-bucket"
    viewer_protocol_policy = "redirect-to-https"
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
  }
}

resource "aws_route53_record" "site" {
  zone_id = data.aws_route53_zone.primary.zone_id
  name    = var.domain_name
  type    = "A"

  alias {
    name                   = aws_cloudfront_distribution.cdn.domain_name
    zone_id                = aws_cloudfront_distribution.cdn.hosted_zone_id
    evaluate_target_health = false
  }
}

output "bucket_arn" {
  description = "ARN of the bucket holding the built site."
  value       = aws_s3_bucket.site.arn
}

output "cdn_domain" {
  value = aws_cloudfront_distribution.cdn.domain_name
}
